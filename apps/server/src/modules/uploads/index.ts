/**
 * The uploads module's public surface: what other modules may use (withdrawal removes a member's files; a
 * channel claims its banner and main image uploads; an audition application its video).
 */
export { claimUpload, claimUploads, claimVideo, publicUrl, releaseUploads, removeStored, videoMimeOf } from './uploads.service.js';
export { uploadFile } from './uploads.tables.js';
