/**
 * The chat module's public surface: what other modules may use. Everything else in this folder is the
 * module's own (lint refuses another module's import of a repository, tables or routes file).
 */
export { publishMemberEvent, publishRoomEvent } from './chat.events.js';
export {
  bannedWordsOf,
  blockedKeysOf,
  createChatStore,
  hasSelfBlocked,
  isChatManager,
  isRoomBj,
  isRoomBlocked,
  selfBlocks,
  setSelfBlock,
  sponsorListPublic,
  sponsorListsPrivate,
} from './chat.repository.js';
export { bannedWordsPattern } from './chat.room.js';
export { announceStandingChange, ROOM_STANDINGS_CHANNEL, type RoomStanding, RoomStandings } from './chat.standings.js';
/** Read by the channels' message box and guest book, which leave out what the reader blocked. */
export { chatUserBlock } from './chat.tables.js';
