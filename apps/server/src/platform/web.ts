import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ServerBuild } from 'react-router';
import { compressRawHtml } from './compression.js';
import { rawSecurityHeaders } from './security-headers.js';

/** What SSR loaders get (declared for the web app in apps/web/app/load-context.ts). */
export type WebLoadContext = {
  /** Calls an API path (e.g. `/v1/pubapi/...`) with the page request's cookies and language. */
  api(pathWithQuery: string, init?: { method?: string; body?: string; headers?: Record<string, string> }): Promise<Response>;
  /** A fresh Content-Security-Policy nonce for this response (the web's entry.server.tsx uses it). */
  cspNonce: string;
};

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
export async function webRole(app: FastifyInstance, opts: { buildDir: string; apiOrigin?: string; production: boolean }) {
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

  const listener = createRequestListener({
    build,
    mode: opts.production ? 'production' : 'development',
    getLoadContext(request) {
      const cookie = request.headers.get('cookie') ?? '';
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
      const context: WebLoadContext = {
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
      return context;
    },
  });

  // Handed over in onRequest, before Fastify reads the body, so a page's form action gets it untouched.
  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    onRequest(request, reply, done) {
      rawSecurityHeaders(reply);
      reply.hijack();
      compressRawHtml(request.raw, reply.raw);
      listener(request.raw, reply.raw);
      done();
    },
    handler: async () => undefined,
  });
}
