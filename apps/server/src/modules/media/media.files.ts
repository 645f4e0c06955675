import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.js';
import { rawSecurityHeaders } from '../../platform/security-headers.js';
import type { IngestServer } from './ingest.server.js';
import { type LlHlsLevel, PART_NAME, SEGMENT_FILE } from './llhls.js';
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
    const ll = parts.length === 3 ? o.ingest?.sessions.get(parts[0] as string)?.llhls(parts[1] as string) : undefined;
    if (ll) return sendLowLatency(request, reply, ll, parts[2] as string, kind, gate);
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

const badRequest = (reply: FastifyReply, why: string) =>
  reply.code(400).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(why);
const unavailable = (reply: FastifyReply) =>
  reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').header('retry-after', '1').send('Not yet');

/** `_HLS_msn` / `_HLS_part`: absent, a number, or null for anything else (400). */
function hlsNumber(value: unknown): number | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * A live level of this process's ingest (docs/live-video.md "Low-latency HLS"): the LL-HLS playlist with
 * blocking reload (`_HLS_msn`, `_HLS_part`: held until that part exists, 503 after BLOCK_TIMEOUT_MS, 400 when
 * too far ahead), parts (the preload-hinted next one is held the same way), and the recent segments and the
 * init segment from memory; older segments from disk. Every waiting request shares one wake-up per new part.
 */
async function sendLowLatency(
  request: FastifyRequest,
  reply: FastifyReply,
  ll: LlHlsLevel,
  name: string,
  kind: { type: string; cache: string },
  gate: MediaGate,
) {
  const vodKey = (request.params as { '*': string })['*'].split('/')[0] as string;
  if (!(await gate.allows(request, vodKey))) return forbidden(reply);
  const gated = await gate.gated(vodKey);
  const send = (bytes: Buffer, cache: string) => {
    reply.type(kind.type);
    if (gated) reply.header('cache-control', cache.replace('public', 'private')).header('vary', 'cookie');
    else reply.header('cache-control', cache).header('access-control-allow-origin', '*');
    if (name === 'index.m3u8') return reply.header('content-length', bytes.length).send(bytes);
    reply.header('accept-ranges', 'bytes');
    const range = parseRange(request.headers.range, bytes.length);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${bytes.length}`).send();
    if (!range) return reply.header('content-length', bytes.length).send(bytes);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
      .header('content-length', range.end - range.start + 1)
      .send(bytes.subarray(range.start, range.end + 1));
  };
  if (name === 'index.m3u8') {
    const q = request.query as Record<string, unknown>;
    const msn = hlsNumber(q._HLS_msn);
    const part = hlsNumber(q._HLS_part);
    if (msn === null || part === null || (part !== undefined && msn === undefined)) return badRequest(reply, 'Bad _HLS_msn or _HLS_part');
    if (msn !== undefined) {
      if (ll.tooFar(msn, part)) return badRequest(reply, 'Too far ahead');
      const result = await ll.wait(msn, part);
      if (result === 'timeout') return unavailable(reply);
    }
    const text = ll.playlist();
    if (!text) return unavailable(reply);
    // A blocking answer is for that part only: shared caches may keep it like a segment, for a while.
    return send(text, msn === undefined ? 'public, max-age=1' : 'public, max-age=6');
  }
  if (name === 'init.mp4') {
    const init = ll.initSegment();
    return init ? send(init, kind.cache) : notFound(reply);
  }
  const p = PART_NAME.exec(name);
  if (p) {
    const msn = Number(p[1]);
    const index = Number(p[2]);
    if (ll.tooFar(msn, index)) return notFound(reply);
    if ((await ll.wait(msn, index)) === 'timeout') return unavailable(reply);
    const bytes = ll.part(msn, index);
    return bytes ? send(bytes, kind.cache) : notFound(reply);
  }
  const s = SEGMENT_FILE.exec(name);
  const segment = s ? ll.segment(Number(s[1])) : undefined;
  if (segment) return send(segment, kind.cache);
  const file = path.join(ll.dir, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return notFound(reply);
  reply.type(kind.type).header('accept-ranges', 'bytes').header('last-modified', info.mtime.toUTCString());
  if (gated) reply.header('cache-control', kind.cache.replace('public', 'private')).header('vary', 'cookie');
  else reply.header('cache-control', kind.cache).header('access-control-allow-origin', '*');
  return sendFileRange(reply, file, info.size, request.headers.range);
}

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
