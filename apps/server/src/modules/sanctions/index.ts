/**
 * The sanctions module's public surface: what other modules may use. The ingest asks before a publish,
 * the login before a session, the chat for a member's standing (it reads `sanction` in its one query).
 */
export { activeSanction, insertSanction } from './sanctions.repository.js';
export { kstUntil } from './sanctions.service.js';
export { sanction } from './sanctions.tables.js';
