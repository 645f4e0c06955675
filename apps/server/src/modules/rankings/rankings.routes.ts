import { rankingsEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { runPeriodically } from '../../platform/periodic.js';
import { route } from '../../platform/route.js';
import { seesAdultBroadcasts } from '../users/index.js';
import { requireRole } from '../users/users.session.js';
import { RankingsService } from './rankings.service.js';

/** Rankings (docs/rankings.md): the snapshot job and its read; the console's settings. */
export const rankingsRoutes: FastifyPluginAsyncZod<{ db: Db; bus: Bus; refreshSeconds: number }> = async (app, { db, refreshSeconds }) => {
  const rankings = new RankingsService(db);
  // The first snapshot 5 s after start (a fresh install shows a ranking at once), then every RANKING_REFRESH_SECONDS.
  // Several processes each run the job; the one that finds a snapshot younger than most of the interval skips,
  // so the snapshot is recomputed about once per interval, not once per process.
  const interval = refreshSeconds * 1000;
  if (refreshSeconds > 0) runPeriodically(app, 'rankings', () => rankings.compute(new Date(), 5_000, interval * 0.9), interval, 5_000);

  route(app, rankingsEndpoints.more, async (request, { category, period, offset, limit }) => {
    // An adult live broadcast is linked only for members whose lists carry adult broadcasts (/mypage/setting).
    return ok(request, await rankings.more(category, period, offset, limit, seesAdultBroadcasts(await request.currentAccount())));
  });

  route(app, rankingsEndpoints.setting, async (request) => {
    await requireRole(request);
    return ok(request, await rankings.setting());
  });

  route(app, rankingsEndpoints.settingProc, async (request, body) => {
    const operator = await requireRole(request);
    return ok(request, await rankings.saveSetting(operator.userKey, body));
  });
};
