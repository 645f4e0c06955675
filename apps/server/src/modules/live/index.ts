/**
 * The live module's public surface: what other modules may use. Everything else in this folder is the
 * module's own (lint refuses another module's import of a repository, tables or routes file).
 *
 * The broadcast and stream tables are exported for the media server's admission and gate queries and for
 * chat's room look-up, which read them; only this module writes them.
 */
export { adultLiveKeys, adultVerifiedAt, findBroadcast, listReplays, recentViews, replaysByKeys } from './live.repository.js';
export type { LiveRoom, LiveRooms } from './live.rooms.js';
export { broadcast, streamKey, streamSetting } from './live.tables.js';
export { broadcastInfo } from './play.service.js';
export { ensureStreamKey } from './stream.service.js';
