// The channels feature's public surface: what other features may import (docs/architecture.md#boundaries).
// Everything else in this folder is private to it; a route module may still import any file of it.
export { BookmarkButton } from './bookmark-button';
export { useChannel } from './channel-layout';
export { vipTitle } from './channel-rules';
export { FanNoBadge, VipBadge } from './channel-ui';
export { subscribe } from './channels-api';
export { MyChannelLinks } from './my-channel-links';
export { type MyFragments, MyPageFragments } from './my-fragments';
