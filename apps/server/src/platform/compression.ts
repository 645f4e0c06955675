import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
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

/** The encoding a client accepts that we answer with: brotli, else gzip, else none (q=0 refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (e: string) => (offered.get(e) ?? (offered.has('*') ? (offered.get('*') as number) : 0)) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * Compresses a server-rendered page written straight to the socket (the SSR route hijacks the reply, so the
 * plugin above never sees it): an HTML answer's writeHead gets Content-Encoding and Vary and loses
 * Content-Length, each chunk written is compressed and flushed at once (React streams the page: what is
 * ready reaches the browser without waiting for the rest), end ends the stream. Other answers (redirects,
 * data, HEAD) pass untouched, with Vary added to HTML either way so a cache in front keeps both forms.
 */
export function compressRawHtml(req: IncomingMessage, res: ServerResponse): void {
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  let zip: Transform | null = null;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = headerList(rest[rest.length - 1]);
    const type = String(headers?.get('content-type') ?? this.getHeader('content-type') ?? '');
    if (headers && /^text\/html/i.test(type)) {
      const vary = headers.get('vary');
      headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      if (encoding && req.method !== 'HEAD' && status !== 204 && status !== 304 && !headers.get('content-encoding')) {
        headers.delete('content-length');
        headers.set('content-encoding', encoding);
        const stream =
          encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip({ level: 6 });
        stream.on('data', (chunk: Buffer) => {
          if ((write as (c: Buffer) => boolean).call(res, chunk) === false) {
            stream.pause();
            res.once('drain', () => stream.resume());
          }
        });
        stream.on('end', () => (end as () => ServerResponse).call(res));
        stream.on('error', (err) => res.destroy(err));
        zip = stream;
      }
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!zip) return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    const z: Transform & { flush?: () => void } = zip;
    z.write(chunk as Buffer);
    z.flush?.();
    return true;
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (!zip) return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    if (chunk !== undefined && typeof chunk !== 'function') zip.write(chunk as Buffer);
    zip.end();
    return this;
  } as ServerResponse['end'];
}

/**
 * writeHead's headers, whichever form they come in (an object, a flat [name, value, …] list, or a list of
 * pairs), read and changed in place, names compared without case.
 */
function headerList(h: unknown): { get(n: string): string | undefined; set(n: string, v: string): void; delete(n: string): void } | null {
  if (Array.isArray(h)) {
    const pairs = h.length > 0 && Array.isArray(h[0]);
    const at = (n: string) => {
      if (pairs) return (h as string[][]).findIndex((p) => String(p[0]).toLowerCase() === n);
      for (let i = 0; i + 1 < h.length; i += 2) if (String(h[i]).toLowerCase() === n) return i;
      return -1;
    };
    return {
      get: (n) => {
        const i = at(n);
        return i < 0 ? undefined : String(pairs ? (h as string[][])[i]?.[1] : h[i + 1]);
      },
      set: (n, v) => {
        const i = at(n);
        if (pairs) {
          if (i < 0) (h as string[][]).push([n, v]);
          else (h as string[][])[i] = [n, v];
        } else if (i < 0) h.push(n, v);
        else h[i + 1] = v;
      },
      delete: (n) => {
        const i = at(n);
        if (i >= 0) h.splice(i, pairs ? 1 : 2);
      },
    };
  }
  if (typeof h === 'object' && h !== null) {
    const o = h as OutgoingHttpHeaders;
    const key = (n: string) => Object.keys(o).find((k) => k.toLowerCase() === n);
    return {
      get: (n) => {
        const k = key(n);
        return k === undefined ? undefined : String(o[k]);
      },
      set: (n, v) => {
        o[key(n) ?? n] = v;
      },
      delete: (n) => {
        const k = key(n);
        if (k !== undefined) delete o[k];
      },
    };
  }
  return null;
}
