// The clips feature's public surface: what other features may import (docs/architecture.md#boundaries).
// Everything else in this folder is private to it; a route module may still import any file of it.
export { ClipButton } from './clip-editor';
export { ShortsLink } from './clips-links';
