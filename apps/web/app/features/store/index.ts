// The store feature's public surface: what other features may import (docs/architecture.md#boundaries).
// Everything else in this folder is private to it; a route module may still import any file of it.
export { ItemUseButton } from './item-use-panel';
export { StoreLinks } from './store-links';
export { ItemImage, ItemPrice } from './store-ui';
