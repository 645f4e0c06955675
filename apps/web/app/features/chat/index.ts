// The chat feature's public surface: what other features may import (docs/architecture.md#boundaries).
// Everything else in this folder is private to it; a route module may still import any file of it.
export { ChatPanel } from './chat-panel';
export type { ChatRoom } from './chat-room';
export { EffectCardList, useEffectQueue } from './effect-cards';
export { useChatRoom } from './use-chat-room';
