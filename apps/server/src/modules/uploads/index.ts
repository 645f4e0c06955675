/** The uploads module's public surface: what other modules may use (withdrawal removes a member's files). */
export { uploadFile } from './uploads.tables.js';
