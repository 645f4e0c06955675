import { createContext, useContext } from 'react';

/**
 * The page's Content-Security-Policy nonce (entry.server.tsx): the server's render puts it on every script
 * it writes. The browser hides nonces from the DOM after parsing, so the client has none and needs none.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

/** Pages made to be embedded by other sites (the OBS overlays), like platform/security-headers.ts. */
const EMBEDDABLE = /^\/(?:play|vod)\/[^/?]+\/effects(?:\/full)?\/?$/;

/**
 * The page's Content-Security-Policy: scripts only with this response's nonce, and what they load
 * ('strict-dynamic': the bundles' imports, the payment and identity SDKs they insert); an injected
 * `<script>` without the nonce does not run. No plugins, no `<base>` rewriting; workers from this origin or
 * blob: (hls.js, mpegts.js); not framed by other sites except the overlays. 'unsafe-inline' and https:
 * only apply to browsers that predate nonces (the others ignore them when a nonce is present).
 */
export function contentSecurityPolicy(nonce: string, pathname: string): string {
  return [
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-inline' https:`,
    "object-src 'none'",
    "base-uri 'none'",
    "worker-src 'self' blob:",
    EMBEDDABLE.test(pathname) ? '' : "frame-ancestors 'none'",
  ]
    .filter(Boolean)
    .join('; ');
}
