import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Pages made to be embedded: the OBS overlays (`/play|vod/{vod_key}/effects[/full]`), in a dashboard's frame too. */
const EMBEDDABLE = /^\/(?:play|vod)\/[^/?]+\/effects(?:\/full)?(?:[/?]|$)/;

/**
 * Headers on every answer (pages, API, media, assets): no MIME sniffing, the referrer cut to the origin
 * across sites, no framing by other sites except the overlays, and HSTS when the site is served over HTTPS.
 * They go into Fastify's own header map (its fast writeHead path; this hook runs on every hot path: HLS
 * files, gifts); a route that hijacks the reply and writes the response itself calls `rawSecurityHeaders`.
 */
export const securityHeaders = fp<{ https: boolean }>(async (app: FastifyInstance, opts) => {
  const embeddable: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(opts.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const framed = { ...embeddable, 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.includes('/effects') && EMBEDDABLE.test(request.url) ? embeddable : framed);
    done();
  });
});

/** For a hijacked reply (SSR, the FLV proxy): the headers the hook put in Fastify's map, onto the raw response. */
export function rawSecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
}
