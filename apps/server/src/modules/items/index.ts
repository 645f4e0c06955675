/**
 * The items module's public surface: what other modules may use. Everything else in this folder is the
 * module's own (lint refuses another module's import of a repository, tables or routes file).
 */
export { itemsGiftedTo } from './items.repository.js';
