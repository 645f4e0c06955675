/**
 * The channels module's public surface: what other modules may use. Everything else in this folder is
 * the module's own (lint refuses another module's import of a repository, tables or routes file).
 *
 * The follow table and the VIP ranks are exported for the chat's join standing (the follower and VIP
 * flags), which reads them.
 */
export { vipRanks } from './channels.repository.js';
export { channelSubscribe } from './channels.tables.js';
