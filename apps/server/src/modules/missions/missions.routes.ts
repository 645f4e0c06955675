import { missionsEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { runPeriodically } from '../../platform/periodic.js';
import { route } from '../../platform/route.js';
import type { LiveRooms } from '../live/index.js';
import type { SiteService } from '../site/index.js';
import { requireUser } from '../users/users.session.js';
import { inSiteTerms, type LedgerService, requireIdempotencyKey } from '../wallet/index.js';
import { MissionService } from './missions.service.js';

export interface MissionsDeps {
  db: Db;
  bus: Bus;
  site: SiteService;
  ledger: LedgerService;
  rooms: LiveRooms;
}

/** How often open missions are checked for time-outs and ended broadcasts. */
const SWEEP_EVERY_MS = 15_000;

/** Missions in the live room (docs/missions.md): thin handlers over MissionService. */
export const missionsRoutes: FastifyPluginAsyncZod<MissionsDeps> = async (app, { db, bus, site, ledger, rooms }) => {
  const missions = new MissionService(db, ledger, bus, rooms, app.log);
  runPeriodically(app, 'missions-sweep', () => missions.sweep(), SWEEP_EVERY_MS, SWEEP_EVERY_MS);
  const e = missionsEndpoints;

  route(app, e.list, async (request, { vod_key }) => {
    const { list, total, extra } = await missions.list(await request.currentUser(), vod_key);
    return okList(request, list, total, extra);
  });
  route(app, e.info, async (request, { mission_sn }) => ok(request, await missions.info(await request.currentUser(), mission_sn)));

  route(app, e.create, async (request, body) => {
    const actor = await requireUser(request);
    // A pledge needs a key (a viewer's request); the BJ's own mission carries none.
    const header = request.headers['idempotency-key'];
    // Checked like every paying call's key when one is given (a viewer's request must give one).
    const key = body.idempotency_key || header ? requireIdempotencyKey(body.idempotency_key, header) : null;
    return ok(request, await inSiteTerms(site, request, () => missions.create(actor, body, key)));
  });
  route(app, e.add, async (request, body) => {
    const actor = await requireUser(request);
    const key = requireIdempotencyKey(body.idempotency_key, request.headers['idempotency-key']);
    return ok(request, await inSiteTerms(site, request, () => missions.add(actor, body, key)));
  });
  route(app, e.start, async (request, { mission_sn, duration_sec }) =>
    ok(request, await missions.start(await requireUser(request), mission_sn, duration_sec)),
  );
  route(app, e.result, async (request, body) => ok(request, await missions.result(await requireUser(request), body)));
  route(app, e.cancel, async (request, { mission_sn }) => ok(request, await missions.cancel(await requireUser(request), mission_sn)));
  route(app, e.setting, async (request, { pledge_min }) =>
    ok(request, await missions.setPledgeMin(await requireUser(request), pledge_min)),
  );
};
