import { contentEndpoints, playEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok, okList } from '../../platform/api.js';
import { route } from '../../platform/route.js';
import type { PlayService } from './play.service.js';

/** How often each process writes the current viewer counts into the broadcast rows. */
const VIEWER_FLUSH_MS = 5_000;

/**
 * The viewer's calls under /v1 (docs/live-video.md, "Viewer side"): broadcast info for /play and /vod,
 * the watching heartbeat, likes, and the replay lists of SPEC §7.
 */
export const playRoutes: FastifyPluginAsyncZod<{ play: PlayService }> = async (app, { play }) => {
  const E = playEndpoints;
  route(app, E.info, async (request, query) => {
    const { code, info } = await play.playInfo(request, query.vod_key);
    return envelope(request.lang, info, code);
  });

  route(app, E.liveRoom, async (request, query) => ok(request, await play.liveRoomOf(query.key)));

  route(app, E.vodInfo, async (request, query) => {
    const { code, info } = await play.vodInfo(request, query.vod_key);
    return envelope(request.lang, info, code);
  });

  route(app, E.heartbeat, async (request, body) =>
    ok(request, await play.heartbeat(request, body.vod_key, body.viewer_id, body.latency_ms)),
  );

  route(app, E.leave, async (request, body) => {
    await play.leave(request, body.vod_key, body.viewer_id);
    return ok(request, {});
  });

  route(app, E.like, async (request, body) => ok(request, await play.like(request, body.vod_key)));

  route(app, contentEndpoints.vodMore, async (request, { offset, limit, order }) => {
    const { list, total } = await play.replays(request, { offset, limit, order });
    return okList(request, list, total, { total_count: total });
  });

  route(app, contentEndpoints.bjReplays, async (request, { offset, limit, user_key }) => {
    const { list, total } = await play.replays(request, { offset, limit, bjUserKey: user_key });
    return okList(request, list, total, { total_count: total });
  });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    const tick = () => {
      timer = setTimeout(() => {
        running = play
          .flushViewerCounts()
          .catch((err: unknown) => app.log.error({ err }, 'viewer count flush failed'))
          .finally(tick);
      }, VIEWER_FLUSH_MS);
      timer.unref();
    };
    tick();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
};
