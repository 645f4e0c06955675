import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILES_PATH, UploadThumbSchema, VIDEO_UPLOAD_MAX_BYTES, VIDEO_UPLOAD_PATH, VideoUploadQuerySchema } from '@byeol/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { runPeriodically } from '../../platform/periodic.js';
import { sendFileRange } from '../media/index.js';
import { requireUser } from '../users/users.session.js';
import {
  cleanupUploads,
  STORED_PATH,
  type UploadsDeps,
  uploadImage,
  uploadVideo,
  VIDEO_PATH,
  videoMimeOf,
  videoUploader,
} from './uploads.service.js';

const HOUR = 3_600_000;
const MB = 1024 * 1024;

/** POST /upload/upload_thum_ajax and /upload/video_upload_proc under /v1, and the hourly cleanup of unclaimed uploads. */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsDeps> = async (app, deps) => {
  app.post(
    '/upload/upload_thum_ajax',
    {
      schema: { tags: ['uploads'], summary: 'Upload an image (multipart `file`); answers the SPEC §3 file info', body: UploadThumbSchema },
    },
    async (request) => ok(request, await uploadImage(deps, request, request.body)),
  );

  /**
   * POST /v1/upload/video_upload_proc?purpose=: the body is the video itself (a browser's XMLHttpRequest
   * shows its progress), streamed to disk and counted like a short's (modules/clips): past
   * VIDEO_UPLOAD_MAX_BYTES it is refused and the partial file removed; a declared Content-Length over it is
   * refused before a byte is read.
   */
  for (const type of ['application/octet-stream', /^video\//])
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  app.post(
    VIDEO_UPLOAD_PATH,
    {
      bodyLimit: VIDEO_UPLOAD_MAX_BYTES + MB,
      schema: { tags: ['uploads'], summary: 'Upload a video: the raw bytes as the body (members)', querystring: VideoUploadQuerySchema },
    },
    async (request) => {
      const user = await requireUser(request);
      const tooLarge = () => new AppError('SHORT_TOO_LARGE', { field: 'file', mb: VIDEO_UPLOAD_MAX_BYTES / MB });
      if (Number(request.headers['content-length'] ?? 0) > VIDEO_UPLOAD_MAX_BYTES) throw tooLarge();
      const body = request.body as NodeJS.ReadableStream | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') throw new AppError('SHORT_NOT_VIDEO', { field: 'file' });
      // Under the uploads folder (the same disk as the kept files, so keeping one is a rename); never served.
      const incoming = path.join(deps.uploadsDir, '.incoming');
      await mkdir(incoming, { recursive: true });
      const file = path.join(incoming, randomUUID());
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, next) {
          bytes += chunk.length;
          next(bytes > VIDEO_UPLOAD_MAX_BYTES ? tooLarge() : null, chunk);
        },
      });
      try {
        await pipeline(body, counter, createWriteStream(file));
        if (bytes === 0) throw new AppError('SHORT_NOT_VIDEO', { field: 'file' });
        return ok(request, await uploadVideo(deps, user, { file, bytes, purpose: request.query.purpose }));
      } finally {
        await rm(file, { force: true });
      }
    },
  );
  runPeriodically(app, 'uploads-cleanup', () => cleanupUploads(deps), HOUR);
};

/**
 * GET /files/<purpose>/<yyyy>/<mm>/<name>: the stored files. Images publicly (profile images are shown to
 * everyone), cached for a year: names are random and never reused. Videos (an audition's) only to the member
 * who uploaded them and to operators and GMs, privately, with ranges (a player seeks); anyone else gets the same 404
 * as for a name that does not exist. Only names the upload calls generate are served, so no path can leave the
 * folder.
 */
export const uploadedFilesRoute: FastifyPluginAsync<{ uploadsDir: string; db: Db }> = async (app, { uploadsDir, db }) => {
  app.get(`${FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const notFound = () => reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    const video = VIDEO_PATH.test(rel);
    if (!video && !STORED_PATH.test(rel)) return notFound();
    if (video) {
      const viewer = await request.currentUser();
      if (!viewer) return notFound();
      const staff = viewer.role === 'operator' || viewer.role === 'gm';
      if (!staff && (await videoUploader(db, rel)) !== viewer.userKey) return notFound();
    }
    const file = path.join(uploadsDir, rel);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return notFound();
    reply.header('x-content-type-options', 'nosniff');
    if (video) {
      reply.type(videoMimeOf(rel)).header('accept-ranges', 'bytes').header('cache-control', 'private, no-cache');
      return sendFileRange(reply, file, info.size, request.headers.range);
    }
    return reply
      .type('image/webp')
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(file));
  });
};
