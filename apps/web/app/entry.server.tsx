import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
// The edge build, not the Node one: react-dom/server.node runs each render inside an AsyncLocalStorage,
// which on Node 20 turns on async_hooks' promise hooks for the whole process from the first render on,
// so every promise of every later request (API calls, gifts) paid for them: 15 % fewer user_info calls a
// second (npm run bench:render-hooks). The edge build uses one only where a global AsyncLocalStorage
// exists (edge runtimes, not Node): docs/architecture.md, "Rendering".
import { renderToReadableStream } from 'react-dom/server.edge';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import './i18n/all';
import { deferModulePreloads } from './lib/defer-preloads.server';
import { contentSecurityPolicy, NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

/**
 * React Router's entry for a page (its Node default, `@react-router/dev/config/defaults/entry.server.node.tsx`,
 * on React's edge renderer), with the page's CSP nonce (platform/web.ts makes one per request) on every
 * script the render writes and the policy in the response (lib/nonce.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  responseHeaders.set('content-security-policy', contentSecurityPolicy(nonce, new URL(request.url).pathname));
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const userAgent = request.headers.get('user-agent');
  const abort = new AbortController();
  let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort.abort(), streamTimeout + 1000);
  const stream = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: abort.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors inside the shell are logged by React Router's document handler.
        if (shellRendered) console.error(error);
      },
    },
  ).catch((error: unknown) => {
    // No shell: React Router renders its error page with another call; nothing is left to abort.
    clearTimeout(timeoutId);
    throw error;
  });
  shellRendered = true;
  // Crawlers (and SPA mode) get the whole page at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await stream.allReady;
  const body = deferModulePreloads(nonce, () => {
    clearTimeout(timeoutId);
    timeoutId = undefined;
  });
  // A render that fails after the shell ends the page there instead of leaving the response open.
  Readable.fromWeb(stream as unknown as NodeWebStream<Uint8Array>)
    .on('error', (error) => body.destroy(error))
    .pipe(body);
  responseHeaders.set('Content-Type', 'text/html');
  return new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode });
}
