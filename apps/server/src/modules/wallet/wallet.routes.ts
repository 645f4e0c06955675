import { CurrencySchema, detailsMonths, ITEM_LIMITS, kstMonthRange, type StatementListExtra, walletEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError, invalid, required } from '../../platform/errors.js';
import { runPeriodically } from '../../platform/periodic.js';
import { route } from '../../platform/route.js';
import type { RoomStandings } from '../chat/index.js';
import type { LiveRooms } from '../live/live.rooms.js';
import type { SiteService } from '../site/site.service.js';
import { findByKey, findByLoginId } from '../users/index.js';
import { requireRole, requireUser } from '../users/users.session.js';
import { RoomGifts } from './wallet.gifts.js';
import { inSiteTerms, requireIdempotencyKey } from './wallet.rules.js';
import type { LedgerService } from './wallet.service.js';

export interface WalletRoutesOptions {
  db: Db;
  bus: Bus;
  ledger: LedgerService;
  site: SiteService;
  /** The process's rooms (one LiveRooms per app, shared with the items). */
  rooms: LiveRooms;
  /** The process's blocks and managers (one RoomStandings per app, shared with the items). */
  standings: RoomStandings;
}

/** How often the fans reconciliation runs, and how long after a start it runs first. */
const FANS_RECONCILE_EVERY_MS = 5 * 60_000;
const FANS_RECONCILE_FIRST_MS = 2_000;

export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, { db, bus, ledger, site, rooms, standings }) => {
  const gifts = new RoomGifts(db, ledger, bus, rooms, standings, app.log);
  // Gifts a crash or a failed flush left out of the fans and rankings are counted soon after a start and
  // every few minutes (wallet.fans.ts reconcileFans; exactly once beside the live flushes).
  runPeriodically(app, 'fans-reconcile', () => ledger.fans.reconcile(), FANS_RECONCILE_EVERY_MS, FANS_RECONCILE_FIRST_MS);

  route(app, walletEndpoints.grant, async (request, body) => {
    const operator = await requireRole(request);
    const key = requireIdempotencyKey(body.idempotency_key, request.headers['idempotency-key']);
    const currency = CurrencySchema.safeParse(body.currency);
    if (!currency.success) throw body.currency === '' ? required('currency') : invalid('currency');
    const userKey = await grantee(db, body.user_key, body.id);
    return ok(
      request,
      await inSiteTerms(site, request, () => ledger.grant(operator.userKey, userKey, currency.data, body.amount, body.reason, key)),
    );
  });

  route(app, walletEndpoints.gift, async (request, body) => {
    const viewer = await requireUser(request);
    const key = requireIdempotencyKey(body.idempotency_key, request.headers['idempotency-key']);
    const { vod_key: vodKey, star_cnt: starCnt, message } = body;
    const donation = body.donation_yn === 'Y';
    return ok(request, await inSiteTerms(site, request, () => gifts.gift(viewer, { vodKey, starCnt, message, donation, key })));
  });

  route(app, walletEndpoints.giftRank, async (request, body) => {
    const viewer = await request.currentUser();
    const { list, total, extra } = await gifts.ranking(viewer, body);
    return okList(request, list, total, extra);
  });

  for (const [ep, currency] of [
    [walletEndpoints.detailsStar, 'STAR'],
    [walletEndpoints.detailsCubic, 'CUBIC'],
  ] as const) {
    route(app, ep, async (request, { offset, limit, account, month }) => {
      const user = await requireUser(request);
      // The current KST month and the previous ones the site offers (SPEC §1 'a configurable number of months').
      const back = ITEM_LIMITS.detailsMonthsDefault;
      const months = detailsMonths(Date.now(), back);
      if (month !== undefined && !months.includes(month)) throw new AppError('WALLET_MONTH_OUT_OF_RANGE', { months: back });
      const range = month === undefined ? undefined : kstMonthRange(month);
      const { list, total } = await ledger.statement(user.userKey, { currency, account, offset, limit, range });
      const extra: StatementListExtra = { currency, months, month: month ?? '' };
      return okList(request, list, total, extra);
    });
  }
};

/** The grant's receiver by user_key or login ID (one of them), or WALLET_USER_NOT_FOUND. */
async function grantee(db: Db, userKey: string | undefined, id: string | undefined): Promise<number> {
  if (userKey) {
    if (!/^\d{1,15}$/.test(userKey)) throw invalid('user_key');
    const row = await findByKey(db, Number(userKey));
    if (!row) throw new AppError('WALLET_USER_NOT_FOUND');
    return row.userKey;
  }
  if (id) {
    const row = await findByLoginId(db, id);
    if (!row) throw new AppError('WALLET_USER_NOT_FOUND');
    return row.userKey;
  }
  throw required('user_key');
}
