import { type BroadcastFreezeSet, LIVE_BUS_CHANNEL, type LiveBusMessage, mediaEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError, required } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { activeSanction, insertSanction } from '../sanctions/index.js';
import { requireRole } from '../users/users.session.js';
import { findBroadcast, freezeBroadcast } from './media.repository.js';

/**
 * POST /admin/broadcast_freeze_proc under /v1 (operators): the row moves to frozen here, and the bus message
 * `live` {type: 'frozen'} makes the media process holding the ingest cut it (it may be another process).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ db: Db; bus: Bus }> = async (app, { db, bus }) => {
  route(app, mediaEndpoints.freeze, async (request, { vod_key, suspend_hours, reason }) => {
    const operator = await requireRole(request, 'operator');
    if (suspend_hours > 0 && !reason) throw required('reason');
    const frozen = await freezeBroadcast(db, vod_key, operator.userKey);
    if (!frozen) {
      if (!(await findBroadcast(db, vod_key))) throw new AppError('NO_DATA');
      throw new AppError('BROADCAST_NOT_LIVE');
    }
    // The freeze sticks when asked: the BJ cannot publish again until the suspension ends (docs/sanctions.md).
    let suspendedUntil: string | null = null;
    if (suspend_hours > 0) {
      await insertSanction(db, { userKey: frozen.bjUserKey, kind: 'broadcast', reason, hours: suspend_hours, createdBy: operator.userKey });
      suspendedUntil = (await activeSanction(db, frozen.bjUserKey, 'broadcast'))?.endsAt.toISOString() ?? null;
    }
    request.log.info({ vod_key, by: operator.userKey, suspend_hours }, 'broadcast frozen');
    const message: LiveBusMessage = { type: 'frozen', vod_key, bj_user_key: frozen.bjUserKey };
    await bus.publish(LIVE_BUS_CHANNEL, message);
    const set: BroadcastFreezeSet = { vod_key, state: 'frozen', suspended_until: suspendedUntil };
    return ok(request, set);
  });
};
