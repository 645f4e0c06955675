import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANG_COOKIE, resolveLang } from '@byeol/contract';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Bus } from './bus.js';
import { compressRawHtml } from './compression.js';
import { listenPageChanges, type PageCache } from './page-cache.js';
import { rawSecurityHeaders } from './security-headers.js';

/** What SSR loaders get (declared for the web app in apps/web/app/load-context.ts). */
export type WebLoadContext = {
  /** Calls an API path (e.g. `/v1/pubapi/...`) with the page request's cookies and language. */
  api(pathWithQuery: string, init?: { method?: string; body?: string; headers?: Record<string, string> }): Promise<Response>;
  /** A fresh Content-Security-Policy nonce for this response (the web's entry.server.tsx uses it). */
  cspNonce: string;
};

const LANG_IN_COOKIE = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`);

function toResponse(res: LightMyRequestResponse): Response {
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) {
    if (Array.isArray(v)) for (const item of v) headers.append(k, String(item));
    else if (v !== undefined) headers.set(k, String(v));
  }
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
}

/**
 * The web role: React Router's server build rendered on this process's port. Built assets are served
 * with long caching (their names carry a hash); every other GET goes to SSR, including the 404 page.
 */
export async function webRole(
  app: FastifyInstance,
  opts: {
    buildDir: string;
    apiOrigin?: string;
    production: boolean;
    /** The anonymous page cache (null: every page rendered for its request). */
    pageCache?: PageCache | null;
    /** Where changes that clear the page cache arrive (bus channels, e.g. the live channel). */
    bus?: Bus;
    pageChannels?: readonly string[];
  },
) {
  const serverEntry = path.join(opts.buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web build is missing (${serverEntry}). Run "npm run build" first (npm start does it when needed).`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;

  await app.register(fastifyStatic, {
    root: path.join(opts.buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (scripts/build-web-if-stale.mjs): served as they
    // are to a browser that accepts them, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  const loadContext = (cookie: string): WebLoadContext => {
    const call = async (pathWithQuery: string, init: Parameters<WebLoadContext['api']>[1] = {}) => {
      const headers = { cookie, 'x-api-mode': 'TRUE', 'x-requested-with': 'xmlhttprequest', ...init.headers };
      if (opts.apiOrigin) return fetch(new URL(pathWithQuery, opts.apiOrigin), { ...init, headers });
      const method = (init.method ?? 'GET') as 'GET';
      return toResponse(await app.inject({ method, url: pathWithQuery, headers, payload: init.body }));
    };
    // Loaders of one page run side by side and often read the same thing (the root and /mypage both
    // need user_info): a GET is made once per page request. Any other call may change what a GET would
    // answer, so it empties the memo.
    const reads = new Map<string, Promise<Response>>();
    return {
      cspNonce: randomBytes(16).toString('base64'),
      async api(pathWithQuery, init = {}) {
        if ((init.method ?? 'GET') !== 'GET' || init.body !== undefined) {
          reads.clear();
          return call(pathWithQuery, init);
        }
        let read = reads.get(pathWithQuery);
        if (!read) {
          read = call(pathWithQuery, init);
          reads.set(pathWithQuery, read);
          // A failed call is not remembered: the next loader may try again.
          read.catch(() => reads.delete(pathWithQuery));
        }
        return (await read).clone();
      },
    };
  };
  const mode = opts.production ? 'production' : 'development';
  const listener = createRequestListener({
    build,
    mode,
    getLoadContext: (request) => loadContext(request.headers.get('cookie') ?? ''),
  });

  // The anonymous page cache renders through the same handler, from a request that carries only what the
  // cache key holds (host, path, the language cookie): nothing else of the first visitor's can shape a
  // page that others get.
  const cache = opts.pageCache?.enabled ? opts.pageCache : null;
  const handle = createRequestHandler(build, mode);
  const renderShared = async (req: IncomingMessage) => {
    const host = req.headers.host ?? 'localhost';
    const cookie = `${LANG_COOKIE}=${resolveLang(LANG_IN_COOKIE.exec(req.headers.cookie ?? '')?.[1])}`;
    const headers = new Headers({ host, accept: String(req.headers.accept ?? 'text/html') });
    headers.set('cookie', cookie);
    const response = await handle(new Request(new URL(req.url ?? '/', `http://${host}`), { headers }), loadContext(cookie));
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };
  if (cache && opts.bus) {
    const stop = await listenPageChanges(opts.bus, cache, opts.pageChannels ?? []);
    app.addHook('onClose', async () => stop());
  }

  // Handed over in onRequest, before Fastify reads the body, so a page's form action gets it untouched.
  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    onRequest(request, reply, done) {
      rawSecurityHeaders(reply);
      reply.hijack();
      const key = cache?.keyOf(request.raw) ?? null;
      if (cache && key !== null) {
        cache
          .serve(key, request.raw, reply.raw, () => renderShared(request.raw))
          .catch((err: unknown) => {
            request.log.error({ err }, 'page render failed');
            if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
            reply.raw.end();
          });
        done();
        return;
      }
      // A page for one person (a session): nothing in front of us may keep it for another.
      reply.raw.setHeader('cache-control', 'private, no-cache');
      compressRawHtml(request.raw, reply.raw);
      listener(request.raw, reply.raw);
      done();
    },
    handler: async () => undefined,
  });
}
