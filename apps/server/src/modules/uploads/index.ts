/**
 * The uploads module's public surface: what other modules may use (withdrawal removes a member's files; a
 * channel claims its banner and main image uploads).
 */
export { claimUpload, claimUploads, publicUrl, releaseUploads, removeStored } from './uploads.service.js';
export { uploadFile } from './uploads.tables.js';
