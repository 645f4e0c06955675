import { videoGuestEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { findBroadcast } from '../live/index.js';
import { type IceConfig, iceServersFor } from './chat.ice.js';
import { hasSelfBlocked, isRoomBlocked } from './chat.repository.js';

/**
 * POST /v1/chat/ice_servers (vod_key): the ICE servers of a guests' video call in a live room, with a
 * TURN credential of TURN_TTL_S for the caller (docs/chat-protocol.md, "Video connection with guests").
 * Given to the members who may be in a call there: the room's BJ and operators, and phone-verified
 * members the BJ has not blocked (in the room or on their own list).
 */
export const guestCallRoutes: FastifyPluginAsyncZod<{ db: Db; ice: IceConfig }> = async (app, { db, ice }) => {
  route(app, videoGuestEndpoints.iceServers, async (request, { vod_key }) => {
    const account = await request.currentAccount();
    if (!account) throw new AppError('LOGIN_REQUIRED');
    const found = await findBroadcast(db, vod_key);
    if (!found) throw new AppError('BROADCAST_NOT_FOUND');
    const { b } = found;
    if (b.state === 'ended') throw new AppError('BROADCAST_ENDED');
    if (b.state === 'frozen') throw new AppError('BROADCAST_FROZEN');
    const staff = account.role === 'operator' || account.role === 'gm';
    const bj = account.userKey === b.bjUserKey || (account.ownerUserKey !== null && account.ownerUserKey === b.bjUserKey);
    if (!bj && !staff) {
      if (account.phoneNo === '') throw new AppError('VIDEO_GUEST_PHONE_REQUIRED');
      const [roomBlocked, selfBlocked] = await Promise.all([
        isRoomBlocked(db, b.bjUserKey, account.userKey),
        hasSelfBlocked(db, b.bjUserKey, account.userKey),
      ]);
      if (roomBlocked || selfBlocked) throw new AppError('CHAT_BLOCKED');
    }
    return ok(request, iceServersFor(ice, account.userKey));
  });
};
