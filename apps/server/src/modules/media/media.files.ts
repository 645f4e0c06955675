import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../platform/db.js';
import { rawSecurityHeaders } from '../../platform/security-headers.js';
import type { IngestServer } from './ingest.server.js';
import { MediaGate } from './media.gate.js';
import { liveStreamKey } from './media.repository.js';

/** Content type and caching per kind of media file: playlists change every second, segments never. */
const TYPES: Record<string, { type: string; cache: string }> = {
  '.m3u8': { type: 'application/vnd.apple.mpegurl', cache: 'public, max-age=1' },
  '.m4s': { type: 'video/mp4', cache: 'public, max-age=31536000, immutable' },
  '.mp4': { type: 'video/mp4', cache: 'public, max-age=31536000, immutable' },
  // Refreshed every 10 s while live.
  '.jpg': { type: 'image/jpeg', cache: 'public, max-age=5' },
};

/** One path segment of a media file or folder: no dot files, no `..`, no separators. */
const SAFE_PART = /^[\w-][\w.-]*$/;

export interface MediaFilesOptions {
  /** DATA_DIR/media */
  mediaRoot: string;
  /** Broadcasts' gates (adult, login-required) and, with `flvOrigin`, live stream keys are read from it. */
  db: Db;
  /** The ingest of this process (media role), if any. */
  ingest?: IngestServer;
  /** Where node-media-server's HTTP-FLV is when this process has no ingest (MEDIA_FLV_ORIGIN). */
  flvOrigin?: string;
  /** CHAT_TOKEN_SECRET: concert media needs a token keyed from it. */
  mediaSecret: string;
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
const forbidden = (reply: FastifyReply) =>
  reply.code(403).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Forbidden');

/**
 * The web role's media (docs/live-video.md): `GET /media/live/{vod_key}/…` (HLS playlists, segments,
 * thumbnails from DATA_DIR/media, with ranges) and `GET /media/flv/{vod_key}.flv` (node-media-server's
 * HTTP-FLV of a live broadcast, proxied: the stream key never leaves the server).
 */
export const mediaFilesRoutes: FastifyPluginAsync<MediaFilesOptions> = async (app, o) => {
  const liveRoot = path.join(o.mediaRoot, 'live');
  const gate = new MediaGate(o.db, o.mediaSecret);

  app.get('/media/live/*', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const parts = rel.split('/');
    // vod_key/file or vod_key/level/file; anything else (.., encoded or not, hidden files) is not a media file.
    if (parts.length < 2 || parts.length > 3 || !parts.every((p) => SAFE_PART.test(p) && p !== '..')) return notFound(reply);
    const kind = TYPES[path.extname(rel)];
    const file = path.resolve(liveRoot, ...parts);
    if (!kind || !file.startsWith(liveRoot + path.sep)) return notFound(reply);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return notFound(reply);
    const vodKey = parts[0] as string;
    if (!(await gate.allows(request, vodKey))) return forbidden(reply);
    reply.type(kind.type).header('accept-ranges', 'bytes').header('last-modified', info.mtime.toUTCString());
    // Gated media (adult, login-required) is per viewer: never kept by shared caches nor read cross-origin.
    if (await gate.gated(vodKey)) reply.header('cache-control', kind.cache.replace('public', 'private')).header('vary', 'cookie');
    else reply.header('cache-control', kind.cache).header('access-control-allow-origin', '*');
    return sendFileRange(reply, file, info.size, request.headers.range);
  });

  app.get('/media/flv/:name', { schema: { hide: true } }, async (request, reply) => {
    const m = /^([\w-]{1,64})\.flv$/.exec((request.params as { name: string }).name);
    if (!m) return notFound(reply);
    const vodKey = m[1] as string;
    if (!(await gate.allows(request, vodKey))) return forbidden(reply);
    let upstream = o.ingest?.flvUrl(vodKey) ?? null;
    if (!upstream && !o.ingest && o.flvOrigin) {
      const key = await liveStreamKey(o.db, vodKey);
      if (key) upstream = new URL(`/live/${key}.flv`, o.flvOrigin).href;
    }
    if (!upstream) return notFound(reply);
    return proxyFlv(reply, upstream);
  });
};

/** Sends a file whole, or the one range asked for (206), or 416 for a range past its end. */
export function sendFileRange(reply: FastifyReply, file: string, size: number, rangeHeader: string | undefined) {
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(file, range));
  }
  return reply.header('content-length', size).send(createReadStream(file));
}

/** A single `bytes=` range (a multi-range request gets the whole file); 'unsatisfiable' answers 416. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    // The last N bytes.
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function proxyFlv(reply: FastifyReply, upstream: string) {
  return new Promise<void>((resolve) => {
    const req = http.get(upstream, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        notFound(reply);
        return resolve();
      }
      rawSecurityHeaders(reply);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'video/x-flv',
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
      });
      res.pipe(reply.raw);
      res.once('end', resolve);
      res.once('error', () => reply.raw.destroy());
    });
    req.once('error', () => {
      if (!reply.sent && !reply.raw.headersSent) notFound(reply);
      else reply.raw.destroy();
      resolve();
    });
    // The viewer left: so does the upstream player.
    reply.raw.once('close', () => {
      req.destroy();
      resolve();
    });
  });
}
