// The missions feature's public surface: what other features may import (docs/architecture.md#boundaries).
// Everything else in this folder is private to it; a route module may still import any file of it.
export { MissionButton } from './mission-board';
export { MissionOverlay } from './mission-overlay';
export { isMissionCode } from './mission-rules';
export { MissionChatLine } from './mission-view';
