import { streamEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import { route } from '../../platform/route.js';
import { guideInfo, regenerateKey, type StreamDeps, streamInfo, updateStreamSettings } from './stream.service.js';
import { IngestStatsBoard, liveStats } from './stream.stats.js';
import { ViewerLatencyBoard } from './viewer-latency.js';

/** The broadcaster's side of live video: stream key, stream settings and the guides' RTMP address. */
export const streamRoutes: FastifyPluginAsyncZod<StreamDeps> = async (app, deps) => {
  route(app, streamEndpoints.info, async (request, query, reply) => {
    // The key is a secret: never kept by a cache on the way.
    reply.header('cache-control', 'no-store');
    return ok(request, await streamInfo(deps, request, query.reveal === 'Y'));
  });

  route(app, streamEndpoints.regenerateKey, async (request, body, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(request, await regenerateKey(deps, request, body.reveal === 'Y'));
  });

  // The access check comes first; the service then answers each field's own code.
  route(
    app,
    streamEndpoints.updateSettings,
    async (request, body) => ok(request, await updateStreamSettings(deps, request, body, request.validationError)),
    { attachValidation: true },
  );

  route(app, streamEndpoints.guideInfo, async (request) => ok(request, guideInfo(deps)));

  // The live dashboard: the ingest measures the media role publishes on the bus, and the viewers' latency
  // the api processes publish there, kept per broadcast.
  const board = new IngestStatsBoard(deps.bus);
  const latency = new ViewerLatencyBoard(deps.bus);
  await board.start();
  await latency.start();
  app.addHook('onClose', async () => {
    await Promise.all([board.stop(), latency.stop()]);
  });
  route(app, streamEndpoints.liveStats, async (request, body, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(request, await liveStats({ ...deps, board, latency }, request, body.vod_key));
  });
};
