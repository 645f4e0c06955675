import { contentEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sharedList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { route } from '../../platform/route.js';
import type { SharedAnswers } from '../../platform/shared-answers.js';
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
  /** Public answers shared until the tables they read change (the replay list). */
  answers: SharedAnswers;
  /** A signed-in viewer's heartbeat (experience, docs/progression.md). */
  onWatch?: (userKey: number, bjUserKey: number, vodKey: string) => void;
}

/** What a replay item is read from: the broadcast and its BJ's account (nick, picture, switches). */
const REPLAY_TABLES = ['broadcast', 'users'] as const;

export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (
  app,
  { db, bus, answers, replayMobileOnly = false, onWatch },
) => {
  const snapshot = new LiveSnapshot(db, app.log);
  await snapshot.start(bus);
  app.addHook('onClose', async () => snapshot.stop());

  route(app, contentEndpoints.liveList, async (request, { order, offset, limit }, reply) => {
    // The caller's session is read only while an adult broadcast is live: otherwise both variants are one.
    const adult = snapshot.hasAdult && seesAdultBroadcasts(await request.currentAccount());
    // Serialised once per variant, page and language until the list changes (live.snapshot.ts).
    return reply.type('application/json; charset=utf-8').send(snapshot.page(order, offset, limit, request.lang, adult ? 'all' : 'general'));
  });

  route(app, contentEndpoints.vodList, async (request, { offset, limit }, reply) => {
    const adult = seesAdultBroadcasts(await request.currentAccount());
    // The same few pages for everybody (the home's latest replays): shared until a broadcast or a BJ changes.
    return sharedList(request, reply, answers, {
      key: `play_vod_list|${adult ? 'all' : 'general'}|${offset}|${limit}`,
      tables: REPLAY_TABLES,
      load: () => listReplays(db, { offset, limit, adult }),
    });
  });

  await app.register(playRoutes, { play: new PlayService({ db, bus, snapshot, replayMobileOnly, ...(onWatch ? { onWatch } : {}) }) });
};
