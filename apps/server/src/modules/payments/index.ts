/**
 * The payments module's public surface: what other modules may use. Everything else in this folder is the
 * module's own (lint refuses another module's import of a repository, tables or routes file).
 *
 * The console's order screens (admin module) read orders with the columns and state expression below.
 */
export { findOrder, ORDER_COLUMNS, type OrderRow, STATE_NOW, toAdminOrder } from './payments.repository.js';
