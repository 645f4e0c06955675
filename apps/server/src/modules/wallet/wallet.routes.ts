import { type Currency, CurrencySchema, StarGiftSchema, StatementQuerySchema, WalletGrantSchema } from '@byeol/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError, invalid, required } from '../../platform/errors.js';
import { requireRole, requireUser } from '../../platform/session.js';
import type { SiteService } from '../site/site.service.js';
import { findByKey, findByLoginId } from '../users/users.repository.js';
import { RoomGifts } from './wallet.gifts.js';
import { requireIdempotencyKey } from './wallet.rules.js';
import type { LedgerService } from './wallet.service.js';

export interface WalletRoutesOptions {
  db: Db;
  bus: Bus;
  ledger: LedgerService;
  site: SiteService;
}

/**
 * WALLET_INSUFFICIENT names the currency by the site's term in the caller's language (SPEC §3 site terms:
 * the UI never shows the code STAR or CUBIC).
 */
async function inSiteTerms<T>(site: SiteService, request: FastifyRequest, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.code === 'WALLET_INSUFFICIENT') {
      const terms = (await site.info(request.lang)).site_terms;
      const name = err.params.currency === 'CUBIC' ? terms.CURRENCY_ITEM_NAME : terms.CURRENCY_NAME;
      throw new AppError(err.code, { ...err.params, currency: name }, err.httpStatus);
    }
    throw err;
  }
}

export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, { db, bus, ledger, site }) => {
  const gifts = new RoomGifts(db, ledger);
  await gifts.start(bus);
  app.addHook('onClose', async () => gifts.stop());

  app.post(
    '/admin/wallet_grant',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Grant STAR or CUBIC to a user (operators and GMs; audited; Idempotency-Key header or idempotency_key field)',
        body: WalletGrantSchema,
      },
    },
    async (request) => {
      const operator = await requireRole(request);
      const body = request.body;
      const key = requireIdempotencyKey(body.idempotency_key, request.headers['idempotency-key']);
      const currency = CurrencySchema.safeParse(body.currency);
      if (!currency.success) throw body.currency === '' ? required('currency') : invalid('currency');
      const userKey = await grantee(db, body.user_key, body.id);
      return ok(
        request,
        await inSiteTerms(site, request, () => ledger.grant(operator.userKey, userKey, currency.data, body.amount, body.reason, key)),
      );
    },
  );

  app.post(
    '/star/user_star_use_proc',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Gift STAR to the BJ of a live room (ledger only for now; Idempotency-Key header or idempotency_key field)',
        body: StarGiftSchema,
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      const key = requireIdempotencyKey(request.body.idempotency_key, request.headers['idempotency-key']);
      const { vod_key: vodKey, star_cnt: starCnt, message } = request.body;
      return ok(request, await inSiteTerms(site, request, () => gifts.gift(viewer.userKey, { vodKey, starCnt, message, key })));
    },
  );

  for (const [path, currency] of [
    ['/mypage/details_star', 'STAR'],
    ['/mypage/details_cubic', 'CUBIC'],
  ] as Array<[string, Currency]>) {
    app.post(
      path,
      {
        schema: {
          tags: ['wallet'],
          summary: `The caller's ${currency} statement, newest first (account=earnings: a BJ's gift earnings)`,
          body: StatementQuerySchema,
        },
      },
      async (request) => {
        const user = await requireUser(request);
        const { offset, limit, account } = request.body;
        const { list, total } = await ledger.statement(user.userKey, { currency, account, offset, limit });
        return okList(request, list, total, { currency });
      },
    );
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
