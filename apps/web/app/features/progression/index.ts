// The progression feature's public surface: what other features may import (docs/architecture.md#boundaries).
// Everything else in this folder is private to it; a route module may still import any file of it.

export { LevelBadge, MyLevelBadges } from './level-badge';
export { LevelUpChatLine } from './level-chat-line';
export { isLevelUpCode } from './progression-rules';
