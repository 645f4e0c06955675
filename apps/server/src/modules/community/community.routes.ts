import { communityEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { route } from '../../platform/route.js';
import { requireRole, requireUser } from '../users/users.session.js';
import { BoardService, type Viewer } from './board.service.js';
import { CommunityAdmin } from './community.admin.js';
import { CsService } from './cs.service.js';

/** The board, the customer centre and their console calls (docs/community.md). */
export const communityRoutes: FastifyPluginAsyncZod<{ db: Db; bus: Bus; uploadsDir: string }> = async (app, { db, bus, uploadsDir }) => {
  const board = new BoardService(db, bus, uploadsDir);
  const cs = new CsService(db, bus, uploadsDir);
  const admin = new CommunityAdmin(db, uploadsDir, bus);
  const e = communityEndpoints;

  const viewerOf = async (request: Parameters<typeof requireUser>[0]): Promise<Viewer | null> => {
    const user = await request.currentUser();
    return user ? { userKey: user.userKey, role: user.role } : null;
  };

  // The board: guests read, members write.
  route(app, e.boardList, async (request, q) => ok(request, await board.list(await viewerOf(request), q)));
  route(app, e.boardInfo, async (request, q) => ok(request, await board.info(await viewerOf(request), q)));
  route(app, e.boardInsert, async (request, body) => ok(request, await board.write(await requireUser(request), body)));
  route(app, e.boardDelete, async (request, { board_sn }) => ok(request, await board.remove(await requireUser(request), board_sn)));
  route(app, e.replyInsert, async (request, body) => ok(request, await board.reply(await requireUser(request), body)));
  route(app, e.replyDelete, async (request, { reply_sn }) => ok(request, await board.removeReply(await requireUser(request), reply_sn)));

  // The customer centre: notices and FAQ for everyone, questions and reports for their members.
  route(app, e.csNotice, async (request, { place, offset, limit }) => {
    const { list, total } = await cs.notices(place, offset, limit);
    return okList(request, list, total);
  });
  route(app, e.csFaq, async (request, q) => {
    const { list, total } = await cs.faq(q);
    return okList(request, list, total);
  });
  route(app, e.csQna, async (request, { offset, limit }) => {
    const { list, total } = await cs.myQna(await requireUser(request), offset, limit);
    return okList(request, list, total);
  });
  route(app, e.csReport, async (request, { offset, limit }) => {
    const { list, total } = await cs.myReports(await requireUser(request), offset, limit);
    return okList(request, list, total);
  });
  route(app, e.qnaProc, async (request, body) => ok(request, await cs.qnaProc(await requireUser(request), body)));
  route(app, e.reportProc, async (request, body) => {
    const user = await requireUser(request);
    const done = await cs.report(user, body);
    request.log.info(
      { reporter: user.userKey, report_sn: done.report_sn, target: `${done.target_type}:${done.target_key}` },
      'report received',
    );
    return ok(request, done);
  });

  // The console: operators and GMs (notices and FAQ: operators, checked in CommunityAdmin).
  const staff = (request: Parameters<typeof requireUser>[0]) => requireRole(request);
  route(app, e.adminPostList, async (request, q) => {
    await staff(request);
    const { list, total } = await admin.posts(q);
    return okList(request, list, total);
  });
  route(app, e.adminPostProc, async (request, body) => ok(request, await admin.postProc(await staff(request), body)));
  route(app, e.adminReplyList, async (request, q) => {
    await staff(request);
    const { list, total } = await admin.replies(q);
    return okList(request, list, total);
  });
  route(app, e.adminReplyProc, async (request, body) => ok(request, await admin.replyProc(await staff(request), body)));
  route(app, e.adminReportList, async (request, q) => {
    await staff(request);
    const { list, total } = await admin.reports(q);
    return okList(request, list, total);
  });
  route(app, e.adminReportProc, async (request, body) => ok(request, await admin.reportProc(await staff(request), body)));
  route(app, e.adminQnaList, async (request, q) => {
    await staff(request);
    const { list, total } = await admin.qnaList(q);
    return okList(request, list, total);
  });
  route(app, e.adminQnaAnswer, async (request, body) => ok(request, await admin.qnaAnswer(await staff(request), body)));
  route(app, e.adminNoticeProc, async (request, body) => ok(request, await admin.noticeProc(await staff(request), body)));
  route(app, e.adminFaqProc, async (request, body) => ok(request, await admin.faqProc(await staff(request), body)));
  route(app, e.adminPolicyNoticeDays, async (request, { days }) => {
    const actor = await staff(request);
    const done = await admin.policyNoticeDays(actor, days);
    request.log.info({ actor: actor.userKey, days }, 'policy notice days set');
    return ok(request, done);
  });
};
