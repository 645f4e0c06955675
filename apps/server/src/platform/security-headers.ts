import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Pages made to be embedded: the OBS overlays (`/play|vod/{vod_key}/effects[/full]`), in a dashboard's frame too. */
const EMBEDDABLE = /^\/(?:play|vod)\/[^/?]+\/effects(?:\/full)?(?:[/?]|$)/;

/**
 * Headers on every answer (pages, API, media, assets), set on the raw response so that the SSR listener,
 * which writes the response itself, sends them too: no MIME sniffing, the referrer cut to the origin across
 * sites, no framing by other sites except the overlays, and HSTS when the site is served over HTTPS.
 */
export const securityHeaders = fp<{ https: boolean }>(async (app: FastifyInstance, opts) => {
  app.addHook('onRequest', async (request, reply) => {
    const res = reply.raw;
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    if (!EMBEDDABLE.test(request.url)) {
      res.setHeader('x-frame-options', 'DENY');
      res.setHeader('content-security-policy', "frame-ancestors 'none'");
    }
    if (opts.https) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
});
