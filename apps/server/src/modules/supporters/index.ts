/**
 * The supporters module's public surface: what other modules may use. Everything else in this folder is
 * the module's own (lint refuses another module's import of a repository, tables or routes file).
 *
 * The supporter table is exported for the chat's join standing (the supporter flag), which reads it.
 */
export { supporter } from './supporters.tables.js';
