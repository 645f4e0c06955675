import {
  contentEndpoints,
  type HeartbeatSet,
  type LikeSet,
  LiveRoomQuerySchema,
  PlayHeartbeatSchema,
  PlayInfoQuerySchema,
  PlayLikeSchema,
  VodMoreSchema,
} from '@byeol/contract';
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
  app.get(
    '/pubapi/play_info',
    {
      schema: {
        tags: ['live'],
        summary: 'A broadcast for /play/{vod_key}: state, info and (past the gates) playback URLs',
        querystring: PlayInfoQuerySchema,
      },
    },
    async (request) => {
      const { code, info } = await play.playInfo(request, request.query.vod_key);
      return envelope(request.lang, info, code);
    },
  );

  app.get(
    '/pubapi/live_room',
    {
      schema: {
        tags: ['live'],
        summary: "The BJ's live broadcast now (vod_key, '' off air), from one of their vod_keys or their ID: what an overlay follows",
        querystring: LiveRoomQuerySchema,
      },
    },
    async (request) => ok(request, await play.liveRoomOf(request.query.key)),
  );

  app.get(
    '/pubapi/vod_info',
    {
      schema: {
        tags: ['live'],
        summary: 'A replay for /vod/{vod_key}: info and (past the switch and gates) its playlist',
        querystring: PlayInfoQuerySchema,
      },
    },
    async (request) => {
      const { code, info } = await play.vodInfo(request, request.query.vod_key);
      return envelope(request.lang, info, code);
    },
  );

  app.post(
    '/pubapi/play_heartbeat',
    { schema: { tags: ['live'], summary: 'Still watching: counts the caller as a viewer for 40 s', body: PlayHeartbeatSchema } },
    async (request) => ok<HeartbeatSet>(request, await play.heartbeat(request, request.body.vod_key, request.body.viewer_id)),
  );

  app.post(
    '/pubapi/play_leave',
    { schema: { tags: ['live'], summary: 'Stopped watching', body: PlayHeartbeatSchema } },
    async (request) => {
      await play.leave(request, request.body.vod_key, request.body.viewer_id);
      return ok(request, {});
    },
  );

  app.post(
    '/pubapi/play_like',
    { schema: { tags: ['live'], summary: 'Likes a broadcast (once per member)', body: PlayLikeSchema } },
    async (request) => ok<LikeSet>(request, await play.like(request, request.body.vod_key)),
  );

  app.post(
    '/broadcast/vod_more',
    { schema: { tags: ['live'], summary: 'Replays, paginated (SPEC §7; total_count)', body: VodMoreSchema } },
    async (request) => {
      const { offset, limit, order } = request.body;
      const { list, total } = await play.replays({ offset, limit, order });
      return okList(request, list, total, { total_count: total });
    },
  );

  route(app, contentEndpoints.bjReplays, async (request, { offset, limit, user_key }) => {
    const { list, total } = await play.replays({ offset, limit, bjUserKey: user_key });
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
