import { itemsEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { runPeriodically } from '../../platform/periodic.js';
import { route } from '../../platform/route.js';
import type { RoomStandings } from '../chat/index.js';
import type { LiveRooms } from '../live/live.rooms.js';
import type { SiteService } from '../site/site.service.js';
import { requireRole, requireUser } from '../users/users.session.js';
import { inSiteTerms, requireIdempotencyKey } from '../wallet/wallet.rules.js';
import type { LedgerService } from '../wallet/wallet.service.js';
import { expireItems } from './items.jobs.js';
import { ItemsService } from './items.service.js';

export interface ItemsRoutesOptions {
  db: Db;
  bus: Bus;
  site: SiteService;
  ledger: LedgerService;
  /** The process's rooms (one LiveRooms per app, shared with the gifts). */
  rooms: LiveRooms;
  /** The process's blocks and managers (one RoomStandings per app, shared with the gifts). */
  standings: RoomStandings;
}

/** How often the expiry job runs (reads treat items past their validity as expired meanwhile). */
const EXPIRY_EVERY_MS = 10 * 60_000;

/** The store, users' items and the operators' catalogue calls (docs/items.md), and the expiry job. */
export const itemsRoutes: FastifyPluginAsyncZod<ItemsRoutesOptions> = async (app, { db, bus, site, ledger, rooms, standings }) => {
  const items = new ItemsService(db, bus, ledger, rooms, standings);
  runPeriodically(app, 'items-expiry', () => expireItems(db), EXPIRY_EVERY_MS);

  const E = itemsEndpoints;
  route(app, E.storeList, async (request, body) => {
    const { list, total } = await items.storeList(request.lang, body);
    // SPEC §7 names the answer save_item_info; data_list (the SPEC's list shape) stays beside it.
    return okList(request, list, total, { save_item_info: list });
  });

  route(app, E.giftPanel, async (request, body) => {
    const viewer = await requireUser(request);
    return ok(request, await items.giftPanel(viewer, request.lang, body.vod_key));
  });

  route(app, E.storeDetail, async (request, body) => {
    const item = await items.storeDetail(request.lang, body.item_sn);
    // SPEC §7 names the answer save_item_detail; the item's fields stay at the top for the pages that read them.
    return ok(request, { ...item, save_item_detail: item });
  });

  route(app, E.deal, async (request, body) => {
    const buyer = await requireUser(request);
    const key = requireIdempotencyKey(body.idempotency_key, request.headers['idempotency-key']);
    return ok(request, await inSiteTerms(site, request, () => items.deal(buyer, body, key)));
  });

  route(app, E.use, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await items.use(user, body.user_item_sn, body.vod_key || undefined, request.lang));
  });

  route(app, E.suspend, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await items.suspend(user, body.user_item_sn, request.lang));
  });

  route(app, E.refund, async (request, body) => {
    const user = await requireUser(request);
    const key = requireIdempotencyKey(body.idempotency_key, request.headers['idempotency-key']);
    return ok(request, await items.refund(user, body.user_item_sn, key));
  });

  route(app, E.summary, async (request) => {
    const user = await requireUser(request);
    return ok(request, await items.summary(user.userKey));
  });

  route(app, E.list, async (request, { box, offset, limit }) => {
    const user = await requireUser(request);
    const { list, total } = await items.list(user.userKey, box, request.lang, offset, limit);
    return okList(request, list, total, { box });
  });

  route(app, E.history, async (request, body) => {
    const user = await requireUser(request);
    const { list, total, month, months } = await items.history(user.userKey, body, request.lang);
    return okList(request, list, total, { month, months });
  });

  route(app, E.adminSave, async (request, body) => {
    const operator = await requireRole(request);
    return ok(request, await items.adminSave(operator, body));
  });

  route(app, E.adminList, async (request, body) => {
    await requireRole(request);
    const { list, total } = await items.adminList(body);
    return okList(request, list, total);
  });
};
