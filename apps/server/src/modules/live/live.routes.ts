import { contentEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { route } from '../../platform/route.js';
import { seesAdultBroadcasts } from '../users/index.js';
import { listReplays } from './live.repository.js';
import { LiveSnapshot } from './live.snapshot.js';
import { playRoutes } from './play.routes.js';
import { PlayService } from './play.service.js';

export interface LiveRoutesOptions {
  db: Db;
  bus: Bus;
  /** SPEC §1 'replay viewing is mobile only' (REPLAY_MOBILE_ONLY). */
  replayMobileOnly?: boolean;
  /** A signed-in viewer's heartbeat (experience, docs/progression.md). */
  onWatch?: (userKey: number, bjUserKey: number, vodKey: string) => void;
}

export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, { db, bus, replayMobileOnly = false, onWatch }) => {
  const snapshot = new LiveSnapshot(db, app.log);
  await snapshot.start(bus);
  app.addHook('onClose', async () => snapshot.stop());

  route(app, contentEndpoints.liveList, async (request, { order, offset, limit }, reply) => {
    // The caller's session is read only while an adult broadcast is live: otherwise both variants are one.
    const adult = snapshot.hasAdult && seesAdultBroadcasts(await request.currentAccount());
    // Serialised once per variant, page and language until the list changes (live.snapshot.ts).
    return reply.type('application/json; charset=utf-8').send(snapshot.page(order, offset, limit, request.lang, adult ? 'all' : 'general'));
  });

  route(app, contentEndpoints.vodList, async (request, { offset, limit }) => {
    const adult = seesAdultBroadcasts(await request.currentAccount());
    const { list, total } = await listReplays(db, { offset, limit, adult });
    return okList(request, list, total);
  });

  await app.register(playRoutes, { play: new PlayService({ db, bus, snapshot, replayMobileOnly, ...(onWatch ? { onWatch } : {}) }) });
};
