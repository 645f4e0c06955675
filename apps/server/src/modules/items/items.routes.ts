import {
  AdminItemSaveSchema,
  ItemDealSchema,
  ItemHistorySchema,
  ItemListSchema,
  ItemUseSchema,
  StoreDetailSchema,
  StoreListSchema,
  UserItemRefSchema,
} from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { runPeriodically } from '../../platform/periodic.js';
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
}

/** How often the expiry job runs (reads treat items past their validity as expired meanwhile). */
const EXPIRY_EVERY_MS = 10 * 60_000;

/** The store, users' items and the operators' catalogue calls (docs/items.md), and the expiry job. */
export const itemsRoutes: FastifyPluginAsyncZod<ItemsRoutesOptions> = async (app, { db, bus, site, ledger, rooms }) => {
  const items = new ItemsService(db, bus, ledger, rooms);
  runPeriodically(app, 'items-expiry', () => expireItems(db), EXPIRY_EVERY_MS);

  app.post(
    '/sub/store_more',
    {
      schema: {
        tags: ['items'],
        summary: 'The store catalogue (items on sale), paginated, optionally one category',
        body: StoreListSchema,
      },
    },
    async (request) => {
      const { list, total } = await items.storeList(request.lang, request.body);
      return okList(request, list, total);
    },
  );

  app.post(
    '/sub/store_detail_more',
    { schema: { tags: ['items'], summary: 'One catalogue item (also off sale: on_sale_yn)', body: StoreDetailSchema } },
    async (request) => ok(request, await items.storeDetail(request.lang, request.body.item_sn)),
  );

  app.post(
    '/item/item_deal_proc',
    {
      schema: {
        tags: ['items'],
        summary: 'Buy cnt items with CUBIC, for yourself or as a gift (gift_id); Idempotency-Key header or idempotency_key field',
        body: ItemDealSchema,
      },
    },
    async (request) => {
      const buyer = await requireUser(request);
      const key = requireIdempotencyKey(request.body.idempotency_key, request.headers['idempotency-key']);
      return ok(request, await inSiteTerms(site, request, () => items.deal(buyer, request.body, key)));
    },
  );

  app.post(
    '/item/item_use',
    { schema: { tags: ['items'], summary: 'Use one of your items (announced in a live room with vod_key: code 60)', body: ItemUseSchema } },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await items.use(user, request.body.user_item_sn, request.body.vod_key || undefined, request.lang));
    },
  );

  app.post(
    '/item/suspend_user_item',
    { schema: { tags: ['items'], summary: 'Stop one of your items in use', body: UserItemRefSchema } },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await items.suspend(user, request.body.user_item_sn, request.lang));
    },
  );

  app.post(
    '/item/item_refund_proc',
    {
      schema: {
        tags: ['items'],
        summary: 'Refund an unused refundable item you bought, within its refund window; Idempotency-Key header or idempotency_key field',
        body: UserItemRefSchema,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const key = requireIdempotencyKey(request.body.idempotency_key, request.headers['idempotency-key']);
      return ok(request, await items.refund(user, request.body.user_item_sn, key));
    },
  );

  app.get('/mypage/item', { schema: { tags: ['items'], summary: 'The item counters and CUBIC of the caller' } }, async (request) => {
    const user = await requireUser(request);
    return ok(request, await items.summary(user.userKey));
  });

  app.post(
    '/mypage/item_more',
    { schema: { tags: ['items'], summary: 'One list of the caller’s items, newest first', body: ItemListSchema } },
    async (request) => {
      const user = await requireUser(request);
      const { box, offset, limit } = request.body;
      const { list, total } = await items.list(user.userKey, box, request.lang, offset, limit);
      return okList(request, list, total, { box });
    },
  );

  app.post(
    '/mypage/item_history',
    { schema: { tags: ['items'], summary: 'The caller’s item uses of one KST month, newest first', body: ItemHistorySchema } },
    async (request) => {
      const user = await requireUser(request);
      const { list, total, month, months } = await items.history(user.userKey, request.body, request.lang);
      return okList(request, list, total, { month, months });
    },
  );

  app.post(
    '/admin/item_save',
    { schema: { tags: ['items'], summary: 'Create or update a catalogue item (operators)', body: AdminItemSaveSchema } },
    async (request) => {
      const operator = await requireRole(request);
      return ok(request, await items.adminSave(operator, request.body));
    },
  );

  app.post(
    '/admin/item_list',
    { schema: { tags: ['items'], summary: 'The whole catalogue in every language, also off sale (operators)', body: StoreListSchema } },
    async (request) => {
      await requireRole(request);
      const { list, total } = await items.adminList(request.body);
      return okList(request, list, total);
    },
  );
};
