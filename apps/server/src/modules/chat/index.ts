/**
 * The chat module's public surface: what other modules may use. Everything else in this folder is the
 * module's own (lint refuses another module's import of a repository, tables or routes file).
 */
export { publishRoomEvent } from './chat.events.js';
export {
  bannedWordsOf,
  blockedKeysOf,
  createChatStore,
  hasSelfBlocked,
  isChatManager,
  isRoomBj,
  selfBlocks,
  setSelfBlock,
  sponsorListPublic,
  sponsorListsPrivate,
} from './chat.repository.js';
export { bannedWordsPattern } from './chat.room.js';
