import { type SendPinReq, verificationEndpoints } from '@byeol/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import { route } from '../../platform/route.js';
import { ACCOUNT_PURPOSES, activeAccountsByPhone, confirmPin, sendPin, type VerificationDeps } from './verification.service.js';
import { smsOutbox } from './verification.tables.js';

/** The account chooser shows only the start of each ID: `fanboy` → `fan***`. */
export const maskId = (id: string) => id.slice(0, 3) + '*'.repeat(Math.max(0, id.length - 3));

export interface VerificationRoutesOptions {
  deps: VerificationDeps;
  /** Registers GET /dev/sms_outbox (only with the log driver outside production). */
  devOutbox: boolean;
}

export const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (app, { deps, devOutbox }) => {
  const send = async (input: { phone_country_num: string; phone_no: string; purpose: SendPinReq['purpose'] }, ip: string) => {
    const r = await sendPin(deps, { phoneCountryNum: input.phone_country_num, phoneNo: input.phone_no, purpose: input.purpose, ip });
    return { verify_id: r.verifyId, expire_sec: r.expireSec, resend_sec: r.resendSec };
  };

  const E = verificationEndpoints;
  route(app, E.sendPin, async (request, body) => ok(request, await send(body, request.ip)));

  route(app, E.findSendPin, async (request, body) => ok(request, await send(body, request.ip)));

  route(app, E.confirmPin, async (request, body) => {
    const r = await confirmPin(deps, { verifyId: body.verify_id, pincode: body.pincode });
    const accounts = ACCOUNT_PURPOSES.includes(r.purpose) ? await activeAccountsByPhone(deps.db, r.phoneCountryNum, r.phoneNo) : [];
    const account_list = accounts.map((a) => ({
      user_key: a.userKey,
      id: maskId(a.id),
      nick: a.nick,
      reg_date: a.createdAt.toISOString(),
    }));
    return ok(request, { verify_token: r.verifyToken, account_list });
  });

  if (devOutbox) {
    route(app, E.devSmsOutbox, async (request, query) => {
      // The count travels in the same query as the page (one snapshot): read apart, a message written
      // in between was counted but not listed, and a reader waiting for "one more" took an older pin.
      const rows = await deps.db
        .select({ m: smsOutbox, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(smsOutbox)
        .where(eq(smsOutbox.phoneNo, query.phone_no))
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(10);
      const list = rows.map(({ m }) => ({
        id: m.id,
        phone_country_num: m.phoneCountryNum,
        phone_no: m.phoneNo,
        text: m.text,
        created_at: m.createdAt.toISOString(),
      }));
      return okList(request, list, rows[0]?.total ?? 0);
    });
  }
};
