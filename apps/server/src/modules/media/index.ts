/**
 * The media module's public surface: which ffmpeg and ffprobe run, and the live segments' length (the clips
 * module cuts clips from a live room's segments on disk); the RTMP application, media URLs and the master
 * playlist (the demo publishes into the ingest and writes its replays in the recordings' layout).
 * Everything else in this folder is its own.
 */

export { RTMP_APP } from './ingest.server.js';
export { mediaUrl } from './ingest.session.js';
export { sendFileRange } from './media.files.js';
export { CLIP_KEEP_SEGMENTS, masterPlaylist, resolveFfmpeg, resolveFfprobe, SEGMENT_SECONDS } from './packager.js';
