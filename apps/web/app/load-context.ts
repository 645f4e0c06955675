/** What the server (apps/server/src/platform/web.ts) gives every loader and action. */
declare module 'react-router' {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (entry.server.tsx puts it on every script). */
    cspNonce: string;
    /** Calls an API path (e.g. `/v1/pubapi/...`) with the page request's cookies; in-process when this process serves the API. */
    api(pathWithQuery: string, init?: { method?: string; body?: string; headers?: Record<string, string> }): Promise<Response>;
  }
}

export {};
