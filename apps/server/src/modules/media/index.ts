/**
 * The media module's public surface: which ffmpeg and ffprobe run, and the live segments' length (the clips
 * module cuts clips from a live room's segments on disk). Everything else in this folder is its own.
 */

export { sendFileRange } from './media.files.js';
export { CLIP_KEEP_SEGMENTS, resolveFfmpeg, resolveFfprobe, SEGMENT_SECONDS } from './packager.js';
