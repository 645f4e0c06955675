import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { FILES_PATH, UploadThumbSchema } from '@byeol/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import { runPeriodically } from '../../platform/periodic.js';
import { cleanupUploads, STORED_PATH, type UploadsDeps, uploadImage } from './uploads.service.js';

const HOUR = 3_600_000;

/** POST /upload/upload_thum_ajax under /v1, and the hourly cleanup of unclaimed uploads. */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsDeps> = async (app, deps) => {
  app.post(
    '/upload/upload_thum_ajax',
    {
      schema: { tags: ['uploads'], summary: 'Upload an image (multipart `file`); answers the SPEC §3 file info', body: UploadThumbSchema },
    },
    async (request) => ok(request, await uploadImage(deps, request, request.body)),
  );
  runPeriodically(app, 'uploads-cleanup', () => cleanupUploads(deps), HOUR);
};

/**
 * GET /files/<purpose>/<yyyy>/<mm>/<name>.webp: the stored files, publicly (profile images are shown to
 * everyone). Only names the upload call generates are served, so no path can leave the folder; names are
 * random and never reused, so they are cached for a year.
 */
export const uploadedFilesRoute: FastifyPluginAsync<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  app.get(`${FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (!STORED_PATH.test(rel)) return notFound();
    const file = path.join(uploadsDir, rel);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return notFound();
    return reply
      .type('image/webp')
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file));
  });
};
