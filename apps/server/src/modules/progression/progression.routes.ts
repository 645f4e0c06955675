import { progressionEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { runPeriodically } from '../../platform/periodic.js';
import { route } from '../../platform/route.js';
import { requireSwitchOn, type SiteService } from '../site/index.js';
import { requireRole, requireUser } from '../users/users.session.js';
import type { LedgerService } from '../wallet/index.js';
import { MedalService } from './progression.medals.js';
import type { ProgressionService } from './progression.service.js';

/** How often the experience job runs (watching minutes, ledger gifts, follows, ended broadcasts, VIP grades). */
const SWEEP_EVERY_MS = 10_000;

/** Levels and experience (docs/progression.md): thin handlers over ProgressionService. */
export interface ProgressionDeps {
  db: Db;
  site: SiteService;
  ledger: LedgerService;
  progress: ProgressionService;
}

export const progressionRoutes: FastifyPluginAsyncZod<ProgressionDeps> = async (app, { db, site, ledger, progress }) => {
  const medals = new MedalService(db, ledger);
  runPeriodically(app, 'progression-sweep', () => progress.sweep(), SWEEP_EVERY_MS, SWEEP_EVERY_MS);
  const e = progressionEndpoints;

  route(app, e.levelInfo, async (request, { id }) => {
    const viewer = await request.currentUser();
    return ok(request, { grade_detail_info: await progress.levelInfo(viewer?.userKey ?? null, id) });
  });
  route(app, e.levelTable, async (request) => ok(request, await progress.tableSet()));
  route(app, e.history, async (request, { ladder, offset, limit }) => {
    const user = await requireUser(request);
    const { list, total } = await progress.history(user.userKey, ladder, offset, limit);
    return okList(request, list, total);
  });
  route(app, e.fanList, async (request, { mode, offset, limit }) => {
    const user = await requireUser(request);
    const { list, total } = await progress.fanList(user.userKey, mode, offset, limit);
    return okList(request, list, total);
  });
  route(app, e.medals, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await medals.medals(user.userKey, body?.id || undefined, request.lang));
  });
  route(app, e.achievements, async (request) => {
    const user = await requireUser(request);
    const rewardOn = (await site.info('ko')).site_setting.reward_yn === 'Y';
    return ok(request, await medals.achievements(user.userKey, rewardOn));
  });
  route(app, e.achieve, async (request, { day }) => {
    const user = await requireUser(request);
    await requireSwitchOn(site, 'reward', user.role);
    return ok(request, await medals.claim(user.userKey, day));
  });
  // No game yet (docs/progression.md, Game): service being prepared while the switch is off, an empty history otherwise.
  route(app, e.game, async (request) => {
    const user = await requireUser(request);
    await requireSwitchOn(site, 'game', user.role);
    return ok(request, { data_list: [], data_totalcount: 0, coin_cnt: 0 });
  });
  route(app, e.tableProc, async (request, { ladder, levels }) => {
    const operator = await requireRole(request);
    return ok(request, await progress.saveTable(operator.userKey, ladder, levels));
  });
};
