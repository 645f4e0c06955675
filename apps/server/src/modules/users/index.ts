/**
 * The users module's public surface: what other modules may use. Everything else in this folder is the
 * module's own (lint refuses another module's import of a repository, tables or routes file).
 *
 * `users` and `userSession` are exported as tables because other modules' queries join on a member's
 * nick, ID and state; they read them and never write them (writes go through the functions below).
 */
export { findByKey, findByLoginId, idTaken, insertUser, nickTaken, type UserRow, uniqueViolation } from './users.repository.js';
/** After a change of a users row or of sessions is committed: every process reads those accounts again. */
export { accountChanged } from './users.session.js';
export { hidesViewerCount, hidesViewerCountSql, seesAdultBroadcasts } from './users.settings.js';
export { type UserSettings, userSession, users } from './users.tables.js';
