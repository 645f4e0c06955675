import { CONCERT_WAITING_STREAM_PATH, ConcertInfoSchema, concertsEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { rawSecurityHeaders } from '../../platform/security-headers.js';
import type { SiteService } from '../site/index.js';
import { requireRole, requireUser } from '../users/users.session.js';
import { inSiteTerms, type LedgerService, requireIdempotencyKey } from '../wallet/index.js';
import { ConcertsService, type ConcertViewer } from './concerts.service.js';
import { WaitingRooms } from './concerts.waiting.js';

export interface ConcertsDeps {
  db: Db;
  bus: Bus;
  site: SiteService;
  ledger: LedgerService;
  /** CHAT_TOKEN_SECRET: the media tokens' key is derived from it (platform/media-token.ts). */
  secret: string;
}

/** Concerts and tickets (docs/concerts.md): thin handlers over ConcertsService, and the waiting rooms' streams. */
export const concertsRoutes: FastifyPluginAsyncZod<ConcertsDeps> = async (app, { db, bus, site, ledger, secret }) => {
  const concerts = new ConcertsService(db, site, ledger, secret);
  const waiting = new WaitingRooms(concerts, bus, app.log);
  app.addHook('onReady', () => waiting.start());
  app.addHook('preClose', () => waiting.stop());
  const e = concertsEndpoints;

  const viewerOf = async (request: Parameters<typeof requireUser>[0]): Promise<ConcertViewer | null> => {
    const user = await request.currentUser();
    return user ? { userKey: user.userKey, role: user.role } : null;
  };
  /** A member, past the concert switch. */
  const member = async (request: Parameters<typeof requireUser>[0]): Promise<ConcertViewer> => {
    const user = await requireUser(request);
    const viewer = { userKey: user.userKey, role: user.role };
    await concerts.requireOn(viewer);
    return viewer;
  };
  const operator = async (request: Parameters<typeof requireUser>[0]): Promise<ConcertViewer> => {
    const user = await requireRole(request, 'operator');
    return { userKey: user.userKey, role: user.role };
  };

  route(app, e.list, async (request, { tab, offset, limit }) => {
    const viewer = await viewerOf(request);
    await concerts.requireOn(viewer);
    const { list, total } = await concerts.list(viewer, tab, offset, limit);
    return okList(request, list, total);
  });

  route(app, e.info, async (request, { concert_sn }) => {
    const viewer = await viewerOf(request);
    await concerts.requireOn(viewer);
    return ok(request, await concerts.info(viewer, concert_sn));
  });

  route(app, e.buy, async (request, { concert_sn, idempotency_key }) => {
    const viewer = await member(request);
    const key = requireIdempotencyKey(idempotency_key, request.headers['idempotency-key']);
    return ok(request, await inSiteTerms(site, request, () => concerts.buy(viewer, concert_sn, key)));
  });

  route(app, e.play, async (request, { concert_sn }) => ok(request, await concerts.play(await member(request), concert_sn)));
  route(app, e.mediaToken, async (request, { concert_sn }) => ok(request, await concerts.mediaToken(await member(request), concert_sn)));

  route(app, e.vodList, async (request, { offset, limit }) => {
    const { list, total } = await concerts.myTickets(await member(request), offset, limit, true);
    return okList(request, list, total);
  });
  route(app, e.detailsConcert, async (request, { offset, limit }) => {
    const user = await requireUser(request);
    const { list, total } = await concerts.myTickets({ userKey: user.userKey, role: user.role }, offset, limit, false);
    return okList(request, list, total);
  });

  /**
   * GET /v1/concert/waiting_stream?concert_sn=: the waiting room's Server-Sent Events (holders, from doors
   * time). Refusals answer the envelope like any call; past them the stream sends `state`, then `start`.
   */
  app.get(CONCERT_WAITING_STREAM_PATH, { schema: { hide: true, querystring: ConcertInfoSchema } }, async (request, reply) => {
    const viewer = await member(request);
    const { concert_sn } = request.query;
    const info = await concerts.info(viewer, concert_sn);
    if (info.state === 'cancelled') throw new AppError('CONCERT_CANCELLED');
    if (!info.my_ticket && viewer.role !== 'operator') throw new AppError('CONCERT_TICKET_REQUIRED');
    if (info.state === 'scheduled') {
      const num = Math.round((Date.parse(info.starts_at) - Date.parse(info.doors_at)) / 60_000);
      throw new AppError('CONCERT_NOT_OPEN', { num });
    }
    rawSecurityHeaders(reply);
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    reply.raw.write('retry: 3000\n\n');
    await waiting.add(concert_sn, reply.raw);
  });

  // The console.
  route(app, e.adminList, async (request, { offset, limit }) => {
    await operator(request);
    const { list, total } = await concerts.adminList(offset, limit);
    return okList(request, list, total);
  });
  route(app, e.adminProc, async (request, body) => ok(request, await concerts.save(await operator(request), body)));
  route(app, e.adminCancel, async (request, { concert_sn, reason }) =>
    ok(request, await concerts.cancel(await operator(request), concert_sn, reason)),
  );
  route(app, e.adminTickets, async (request, { concert_sn, offset, limit }) => {
    await operator(request);
    const { list, total } = await concerts.tickets(concert_sn, offset, limit);
    return okList(request, list, total);
  });
  route(app, e.adminRefund, async (request, { ticket_sn, reason }) =>
    ok(request, await concerts.refund(await operator(request), ticket_sn, reason)),
  );
};
