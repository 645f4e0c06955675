import { type BroadcastFreezeSet, LIVE_BUS_CHANNEL, type LiveBusMessage, mediaEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { requireRole } from '../users/users.session.js';
import { findBroadcast, freezeBroadcast } from './media.repository.js';

/**
 * POST /admin/broadcast_freeze_proc under /v1 (operators): the row moves to frozen here, and the bus message
 * `live` {type: 'frozen'} makes the media process holding the ingest cut it (it may be another process).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ db: Db; bus: Bus }> = async (app, { db, bus }) => {
  route(app, mediaEndpoints.freeze, async (request, { vod_key }) => {
    const operator = await requireRole(request, 'operator');
    const frozen = await freezeBroadcast(db, vod_key, operator.userKey);
    if (!frozen) {
      if (!(await findBroadcast(db, vod_key))) throw new AppError('NO_DATA');
      throw new AppError('BROADCAST_NOT_LIVE');
    }
    request.log.info({ vod_key, by: operator.userKey }, 'broadcast frozen');
    const message: LiveBusMessage = { type: 'frozen', vod_key, bj_user_key: frozen.bjUserKey };
    await bus.publish(LIVE_BUS_CHANNEL, message);
    const set: BroadcastFreezeSet = { vod_key, state: 'frozen' };
    return ok(request, set);
  });
};
