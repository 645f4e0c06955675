import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CLIP_LIMITS, clipsEndpoints, SHORT_UPLOAD_PATH, ShortUploadQuerySchema } from '@byeol/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { runPeriodically } from '../../platform/periodic.js';
import { route } from '../../platform/route.js';
import { sendFileRange } from '../media/index.js';
import { requireSwitchOn, type SiteService } from '../site/index.js';
import { requireUser } from '../users/users.session.js';
import { CLIPS_PATH, ClipsService, type ClipViewer } from './clips.service.js';

export interface ClipsDeps {
  db: Db;
  bus: Bus;
  /** DATA_DIR/media: the live rooms' segments are read from it, clips written under `clips/`. */
  mediaRoot: string;
  /** Where an upload is written while it arrives (the API's upload folder). */
  uploadDir: string;
  site: SiteService;
}

const MB = 1024 * 1024;

/** Clips and shorts (docs/clips.md): thin handlers over ClipsService, and the short upload's raw body. */
export const clipsRoutes: FastifyPluginAsyncZod<ClipsDeps> = async (app, { db, bus, mediaRoot, uploadDir, site }) => {
  const clips = new ClipsService(db, bus, mediaRoot, app.log);
  app.addHook('onClose', () => clips.settle());
  runPeriodically(app, 'clips-fail-stuck', () => clips.failStuck(), 60_000);
  const e = clipsEndpoints;

  const viewerOf = async (request: FastifyRequest): Promise<ClipViewer | null> => {
    const user = await request.currentUser();
    return user ? { userKey: user.userKey, role: user.role } : null;
  };
  const member = async (request: FastifyRequest): Promise<ClipViewer> => {
    const user = await requireUser(request);
    return { userKey: user.userKey, role: user.role };
  };

  route(app, e.window, async (request, { vod_key }) => {
    await member(request);
    return ok(request, await clips.window(vod_key));
  });
  route(app, e.create, async (request, body) => ok(request, await clips.create(await member(request), body)));
  route(app, e.info, async (request, { clip_key }) => ok(request, await clips.info(await viewerOf(request), clip_key)));
  route(app, e.view, async (request, { clip_key }) => {
    const viewer = await viewerOf(request);
    return ok(request, await clips.view(viewer ? `u:${viewer.userKey}` : `ip:${request.ip}`, clip_key));
  });
  route(app, e.remove, async (request, { clip_sn }) => ok(request, await clips.remove(await member(request), clip_sn)));
  route(app, e.room, async (request, { vod_key }) => ok(request, await clips.roomSetting(vod_key)));
  route(app, e.setting, async (request, { clip_yn }) => ok(request, await clips.setSetting(await member(request), clip_yn)));

  route(app, e.bjClipMore, async (request, { id, offset, limit }) => {
    const { list, total } = await clips.channelClips(id, offset, limit, false);
    return okList(request, list, total, { total_count: total });
  });
  route(app, e.programClipMore, async (request, { id, offset, limit }) => {
    await requireSwitchOn(site, 'program', (await viewerOf(request))?.role);
    const { list, total } = await clips.channelClips(id, offset, limit, true);
    return okList(request, list, total, { total_count: total });
  });
  route(app, e.myClipMore, async (request, { kind, offset, limit }) => {
    const { list, total } = await clips.mine(await member(request), kind, offset, limit);
    return okList(request, list, total, { total_count: total });
  });
  route(app, e.shortMore, async (request, { order, offset, limit }) => {
    const { list, total } = await clips.feed(order, offset, limit);
    return okList(request, list, total, { total_count: total });
  });

  /**
   * POST /v1/clip/short_upload_proc?title=: the body is the video itself (a browser's XMLHttpRequest shows
   * its progress). Streamed to disk and counted: past CLIP_LIMITS.shortMaxBytes the upload is refused and
   * the partial file removed; a declared Content-Length over it is refused before a byte is read.
   */
  for (const type of ['application/octet-stream', /^video\//])
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  app.post(
    SHORT_UPLOAD_PATH,
    {
      bodyLimit: CLIP_LIMITS.shortMaxBytes + MB,
      schema: { tags: ['clips'], summary: 'Upload a short: the raw video as the body (BJs)', querystring: ShortUploadQuerySchema },
    },
    async (request) => {
      const user = await member(request);
      if (user.role !== 'bj') throw new AppError('FORBIDDEN');
      const tooLarge = () => new AppError('SHORT_TOO_LARGE', { field: 'file', mb: CLIP_LIMITS.shortMaxBytes / MB });
      if (Number(request.headers['content-length'] ?? 0) > CLIP_LIMITS.shortMaxBytes) throw tooLarge();
      const body = request.body as NodeJS.ReadableStream | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') throw new AppError('SHORT_NOT_VIDEO', { field: 'file' });
      await mkdir(uploadDir, { recursive: true });
      const file = path.join(uploadDir, `short-${randomUUID()}`);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, next) {
          size += chunk.length;
          next(size > CLIP_LIMITS.shortMaxBytes ? tooLarge() : null, chunk);
        },
      });
      try {
        await pipeline(body, counter, createWriteStream(file));
        if (size === 0) throw new AppError('SHORT_NOT_VIDEO', { field: 'file' });
        return ok(request, await clips.upload(user, file, request.query.title));
      } finally {
        await rm(file, { force: true });
      }
    },
  );
};

/** Content type and caching of a clip's files (names are fixed; a clip's key is never reused). */
const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4s': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.jpg': 'image/jpeg',
};
const CLIP_FILE = /^([\w-]{8,20})\/(clip\.mp4|thumb\.jpg|index\.m3u8|init\.mp4|seg_\d{3,5}\.m4s)$/;

/** GET /media/clips/{clip_key}/{file}: public, with ranges, cached for a year. */
export const clipFilesRoute: FastifyPluginAsync<{ mediaRoot: string }> = async (app, { mediaRoot }) => {
  const root = path.join(mediaRoot, 'clips');
  app.get(`${CLIPS_PATH}/*`, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const notFound = () => reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    const m = CLIP_FILE.exec(rel);
    if (!m) return notFound();
    const file = path.join(root, m[1] as string, m[2] as string);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return notFound();
    reply
      .type(TYPES[path.extname(file)] as string)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*');
    return sendFileRange(reply, file, info.size, request.headers.range);
  });
};
