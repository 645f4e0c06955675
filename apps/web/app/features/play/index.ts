// The play feature's public surface: what other features may import (docs/architecture.md#boundaries).
// Everything else in this folder is private to it; a route module may still import any file of it.
export { LiveCard, Pager, ReplayCard } from './broadcast-card';
export { AdultGate, BroadcastInfo, LikeButton, type PlayLoaderData, PlayPage, Stage } from './play-page';
export { NotFoundState, PlayLoginGate } from './play-states';
export { Player } from './player';
export { HLS_REPLAY_CONFIG } from './player-config';
