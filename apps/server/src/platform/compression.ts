import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is worth compressing on the fly: JSON (the API's envelopes), scripts, styles, SVG, XML, web
 * manifests and plain text. Never media (HLS segments and playlists, HTTP-FLV streams are already
 * compressed or must reach the player byte by byte as they come) nor images.
 */
export const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml)/;
/** Bodies under this many bytes go as they are (the headers would cost more than the saving). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli, else gzip, for answers above COMPRESS_THRESHOLD with a COMPRESSIBLE type (issue 20). Brotli at
 * quality 4 on the fly: near gzip's speed with smaller output; built assets are compressed once at build
 * at the highest quality and served as they are (`preCompressed` in the web role).
 */
export async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
