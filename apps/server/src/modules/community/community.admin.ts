import {
  type AdminBoardPost,
  type AdminBoardReply,
  type AdminQna,
  type AdminReport,
  type ModerationAction,
  maskPersonalInfo,
  type ReportAction,
} from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { Bus } from '../../platform/bus.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError, required } from '../../platform/errors.js';
import { SITE_CHANGED, setPolicyNoticeDays } from '../site/index.js';
import { removeStored } from '../uploads/index.js';
import type { SessionUser } from '../users/users.session.js';
import { BOARD_SN, deletePost, type PostRow, setReplyState, toPost } from './board.service.js';
import { type ReportRow, toQna, toReport } from './cs.service.js';

/**
 * The console's moderation of the board and its customer-centre work (docs/community.md#console). Board
 * moderation, reports and Q&A: operators and GMs; notices and FAQ: operators. Every action writes a
 * community_audit row in its own transaction.
 */

const iso = (d: Date | string) => new Date(d).toISOString();
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Notices, FAQ (like policies) are the operators' alone; the routes let GMs in for the rest (requireRole). */
function requireOperator(user: SessionUser): void {
  if (user.role !== 'operator') throw new AppError('FORBIDDEN');
}

async function audit(
  tx: Tx,
  a: {
    action: string;
    actor: number;
    kind: string;
    sn: number;
    member?: number | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into community_audit (action, actor_user_key, target_kind, target_sn, member_key, before, after)
    values (${a.action}, ${a.actor}, ${a.kind}, ${a.sn}, ${a.member ?? null}, ${a.before === null ? null : JSON.stringify(a.before)}::jsonb,
            ${JSON.stringify(a.after)}::jsonb)`);
}

type AdminPostRow = PostRow & {
  content: string;
  state: AdminBoardPost['state'];
  moderation_reason: string;
  report_cnt: number;
  total?: number;
};

const toAdminPost = (r: AdminPostRow): AdminBoardPost => ({
  ...toPost(r),
  state: r.state,
  content: r.content,
  report_cnt: r.report_cnt,
  moderation_reason: r.moderation_reason,
});

const POST_COLUMNS = sql`p.board_sn, p.title, p.content, p.user_key, u.id as user_id, u.nick as user_nick, p.view_cnt, p.reply_cnt,
  p.file_cnt, p.created_at, p.state, p.moderation_reason,
  (select count(*)::int from cs_report r where r.target_type = 'post' and r.target_key = p.board_sn::text and r.state <> 'complete') as report_cnt`;

export class CommunityAdmin {
  constructor(
    private readonly db: Db,
    private readonly uploadsDir: string,
    private readonly bus: Bus,
  ) {}

  async posts(q: { state: string; keyword: string; offset: number; limit: number }): Promise<{ list: AdminBoardPost[]; total: number }> {
    const where = [sql`p.setting_sn = ${BOARD_SN}`];
    if (q.state !== 'all') where.push(sql`p.state = ${q.state}`);
    if (q.keyword)
      where.push(sql`(p.title ilike ${likeOf(q.keyword)} or u.id ilike ${likeOf(q.keyword)} or u.nick ilike ${likeOf(q.keyword)})`);
    const { rows } = await this.db.execute<AdminPostRow>(sql`
      select ${POST_COLUMNS}, count(*) over ()::int as total
      from board_post p join users u on u.user_key = p.user_key
      where ${sql.join(where, sql` and `)} order by p.board_sn desc offset ${q.offset} limit ${q.limit}`);
    return { list: rows.map(toAdminPost), total: rows[0]?.total ?? 0 };
  }

  private async post(boardSn: number): Promise<AdminBoardPost> {
    const { rows } = await this.db.execute<AdminPostRow>(sql`
      select ${POST_COLUMNS} from board_post p join users u on u.user_key = p.user_key where p.board_sn = ${boardSn}`);
    if (!rows[0]) throw new AppError('BOARD_POST_NOT_FOUND');
    return toAdminPost(rows[0]);
  }

  /**
   * board_post_proc: hide (visible → hidden), restore (hidden → visible; personal data found in it is masked
   * on the way back), delete (at once, from any state; its images go).
   */
  async postProc(actor: SessionUser, req: { board_sn: number; action: ModerationAction; reason: string }): Promise<AdminBoardPost> {
    const removed = await this.db.transaction((tx) => this.moderatePost(tx, actor, req));
    await removeStored(this.uploadsDir, removed);
    return this.post(req.board_sn);
  }

  /** board_post_proc's work inside the caller's transaction (also "hide and complete" of a report); answers the files to remove. */
  private async moderatePost(
    tx: Tx,
    actor: SessionUser,
    req: { board_sn: number; action: ModerationAction; reason: string },
  ): Promise<string[]> {
    const { rows } = await tx.execute<{ state: string; user_key: number; title: string; content: string }>(sql`
      select state, user_key, title, content from board_post where board_sn = ${req.board_sn} for update`);
    const row = rows[0];
    if (!row || row.state === 'deleted') throw new AppError('BOARD_POST_NOT_FOUND');
    // Hiding a hidden post or restoring a visible one changes nothing (a second report of the same post
    // may be closed with "hide and complete"): no write, no audit row.
    if ((req.action === 'hide' && row.state === 'hidden') || (req.action === 'restore' && row.state === 'visible')) return [];
    let removed: string[] = [];
    if (req.action === 'hide') {
      await tx.execute(sql`update board_post set state = 'hidden', moderation_reason = ${req.reason} where board_sn = ${req.board_sn}`);
      await tx.execute(sql`update board_setting set visible_cnt = visible_cnt - 1 where setting_sn = ${BOARD_SN}`);
    } else if (req.action === 'restore') {
      if (row.state !== 'hidden') throw new AppError('BOARD_POST_NOT_FOUND');
      await tx.execute(sql`
        update board_post set state = 'visible', moderation_reason = '', title = ${maskPersonalInfo(row.title)},
               content = ${maskPersonalInfo(row.content)} where board_sn = ${req.board_sn}`);
      await tx.execute(sql`update board_setting set visible_cnt = visible_cnt + 1 where setting_sn = ${BOARD_SN}`);
    } else {
      removed = await deletePost(tx, req.board_sn, row.state, req.reason);
    }
    await audit(tx, {
      action: `post_${req.action}`,
      actor: actor.userKey,
      kind: 'post',
      sn: req.board_sn,
      member: Number(row.user_key),
      before: { state: row.state, title: row.title },
      after: { state: req.action === 'hide' ? 'hidden' : req.action === 'restore' ? 'visible' : 'deleted', reason: req.reason },
    });
    return removed;
  }

  async replies(q: { state: string; keyword: string; offset: number; limit: number }): Promise<{ list: AdminBoardReply[]; total: number }> {
    const where = [sql`true`];
    if (q.state !== 'all') where.push(sql`r.state = ${q.state}`);
    if (q.keyword)
      where.push(sql`(r.content ilike ${likeOf(q.keyword)} or u.id ilike ${likeOf(q.keyword)} or u.nick ilike ${likeOf(q.keyword)})`);
    return this.replyRows(where, q.offset, q.limit);
  }

  private async replyRows(where: ReturnType<typeof sql>[], offset: number, limit: number) {
    const { rows } = await this.db.execute<{
      reply_sn: number;
      board_sn: number;
      user_key: number;
      user_id: string;
      user_nick: string;
      profile_image: string;
      content: string;
      created_at: Date | string;
      state: AdminBoardReply['state'];
      post_title: string;
      report_cnt: number;
      total: number;
    }>(sql`
      select r.reply_sn, r.board_sn, r.user_key, u.id as user_id, u.nick as user_nick, u.profile_image, r.content, r.created_at, r.state,
             p.title as post_title,
             (select count(*)::int from cs_report c where c.target_type = 'reply' and c.target_key = r.reply_sn::text and c.state <> 'complete') as report_cnt,
             count(*) over ()::int as total
      from board_reply r join users u on u.user_key = r.user_key join board_post p on p.board_sn = r.board_sn
      where ${sql.join(where, sql` and `)} order by r.reply_sn desc offset ${offset} limit ${limit}`);
    return {
      list: rows.map(
        (r): AdminBoardReply => ({
          reply_sn: Number(r.reply_sn),
          board_sn: Number(r.board_sn),
          user_key: Number(r.user_key),
          user_id: r.user_id,
          user_nick: r.user_nick,
          profile_image: r.profile_image,
          content: r.content,
          reg_date: iso(r.created_at),
          is_mine_yn: 'N',
          state: r.state,
          post_title: r.post_title,
          report_cnt: r.report_cnt,
        }),
      ),
      total: rows[0]?.total ?? 0,
    };
  }

  async replyProc(actor: SessionUser, req: { reply_sn: number; action: ModerationAction; reason: string }): Promise<AdminBoardReply> {
    await this.db.transaction((tx) => this.moderateReply(tx, actor, req));
    const { list } = await this.replyRows([sql`r.reply_sn = ${req.reply_sn}`], 0, 1);
    return list[0] as AdminBoardReply;
  }

  /** board_reply_proc's work inside the caller's transaction (also "hide and complete" of a report). */
  private async moderateReply(
    tx: Tx,
    actor: SessionUser,
    req: { reply_sn: number; action: ModerationAction; reason: string },
  ): Promise<void> {
    const { rows } = await tx.execute<{ state: string; user_key: number; content: string }>(sql`
      select state, user_key, content from board_reply where reply_sn = ${req.reply_sn} for update`);
    const row = rows[0];
    if (!row || row.state === 'deleted') throw new AppError('BOARD_REPLY_NOT_FOUND');
    const to = req.action === 'hide' ? 'hidden' : req.action === 'restore' ? 'visible' : 'deleted';
    // Already so: nothing to do (as for posts).
    if (row.state === to) return;
    if (req.action === 'restore') {
      await tx.execute(sql`update board_reply set content = ${maskPersonalInfo(row.content)} where reply_sn = ${req.reply_sn}`);
    }
    await setReplyState(tx, req.reply_sn, row.state, to, req.action === 'restore' ? '' : req.reason);
    await audit(tx, {
      action: `reply_${req.action}`,
      actor: actor.userKey,
      kind: 'reply',
      sn: req.reply_sn,
      member: Number(row.user_key),
      before: { state: row.state, content: row.content.slice(0, 100) },
      after: { state: to, reason: req.reason },
    });
  }

  async reports(q: { state: string; offset: number; limit: number }): Promise<{ list: AdminReport[]; total: number }> {
    const where = q.state === 'open' ? sql`c.state <> 'complete'` : q.state === 'all' ? sql`true` : sql`c.state = ${q.state}`;
    const order = q.state === 'open' || q.state === 'received' || q.state === 'in_progress' ? sql`c.report_sn asc` : sql`c.report_sn desc`;
    return this.reportRows(where, order, q.offset, q.limit);
  }

  private async reportRows(where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, offset: number, limit: number) {
    const { rows } = await this.db.execute<
      ReportRow & {
        user_key: number;
        reporter_id: string;
        reporter_nick: string;
        target_user_id: string | null;
        target_user_nick: string | null;
        handled_by_nick: string | null;
        reply_board_sn: number | null;
        total: number;
      }
    >(sql`
      select c.report_sn, c.target_type, c.target_key, c.target_label, c.report_type, c.content, c.quote, c.state, c.action, c.action_memo,
             c.created_at, c.handled_at, c.user_key, ru.id as reporter_id, ru.nick as reporter_nick, tu.id as target_user_id,
             case when c.target_type = 'reply' and c.target_key ~ '^[0-9]{1,15}$'
                  then (select r.board_sn from board_reply r where r.reply_sn = c.target_key::bigint) end as reply_board_sn,
             tu.nick as target_user_nick, hu.nick as handled_by_nick, count(*) over ()::int as total
      from cs_report c
      join users ru on ru.user_key = c.user_key
      left join users tu on tu.user_key = c.target_user_key
      left join users hu on hu.user_key = c.handled_by
      where ${where} order by ${order} offset ${offset} limit ${limit}`);
    return {
      list: rows.map(
        (r): AdminReport => ({
          ...toReport(r),
          reporter_user_key: Number(r.user_key),
          reporter_id: r.reporter_id,
          reporter_nick: r.reporter_nick,
          target_user_id: r.target_user_id,
          target_user_nick: r.target_user_nick,
          target_url: targetUrl(r.target_type, r.target_key, r.target_user_id, r.reply_board_sn),
          handled_by_nick: r.handled_by_nick,
        }),
      ),
      total: rows[0]?.total ?? 0,
    };
  }

  /**
   * report_proc: received → in_progress → complete (or received → complete); a complete report is final. With
   * `hide_target=Y` the reported post or comment is hidden and the report completed with the action `hidden`
   * in one transaction: a refusal of either (the post deleted meanwhile, the report already complete) leaves
   * both as they were.
   */
  async reportProc(
    actor: SessionUser,
    req: {
      report_sn: number;
      state: 'in_progress' | 'complete';
      action: ReportAction;
      action_memo: string;
      hide_target: 'Y' | 'N';
      hide_reason: string;
    },
  ): Promise<AdminReport> {
    const hide = req.hide_target === 'Y';
    if (hide && req.state !== 'complete') throw new AppError('REPORT_HIDE_UNSUPPORTED', { field: 'hide_target' });
    if (hide && !req.hide_reason) throw required('hide_reason');
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ state: string; user_key: number; target_type: string; target_key: string }>(sql`
        select state, user_key, target_type, target_key from cs_report where report_sn = ${req.report_sn} for update`);
      const row = rows[0];
      if (!row) throw new AppError('REPORT_NOT_FOUND');
      if (row.state === 'complete' || (req.state === 'in_progress' && row.state === 'in_progress'))
        throw new AppError('REPORT_STATE_INVALID');
      let action = req.state === 'complete' ? req.action : null;
      if (hide) {
        const sn = /^\d{1,15}$/.test(row.target_key) ? Number(row.target_key) : null;
        if (sn === null || (row.target_type !== 'post' && row.target_type !== 'reply'))
          throw new AppError('REPORT_HIDE_UNSUPPORTED', { field: 'hide_target' });
        const moderation = { action: 'hide' as const, reason: req.hide_reason };
        // Hiding never deletes, so no stored file is left to remove after the commit.
        if (row.target_type === 'post') await this.moderatePost(tx, actor, { board_sn: sn, ...moderation });
        else await this.moderateReply(tx, actor, { reply_sn: sn, ...moderation });
        action = 'hidden';
      }
      await tx.execute(sql`
        update cs_report set state = ${req.state}, action = ${action}, action_memo = ${req.action_memo}, handled_by = ${actor.userKey},
               handled_at = now() where report_sn = ${req.report_sn}`);
      await audit(tx, {
        action: 'report_update',
        actor: actor.userKey,
        kind: 'report',
        sn: req.report_sn,
        member: Number(row.user_key),
        before: { state: row.state },
        after: { state: req.state, action, action_memo: req.action_memo },
      });
    });
    const { list } = await this.reportRows(sql`c.report_sn = ${req.report_sn}`, sql`c.report_sn`, 0, 1);
    return list[0] as AdminReport;
  }

  async qnaList(q: { state: string; offset: number; limit: number }): Promise<{ list: AdminQna[]; total: number }> {
    const where = q.state === 'all' ? sql`true` : sql`q.state = ${q.state}`;
    const order = q.state === 'waiting' ? sql`q.qna_sn asc` : sql`q.qna_sn desc`;
    return this.qnaRows(where, order, q.offset, q.limit);
  }

  private async qnaRows(where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, offset: number, limit: number) {
    const { rows } = await this.db.execute<{
      qna_sn: number;
      user_key: number;
      category: string;
      title: string;
      content: string;
      state: AdminQna['state'];
      answer: string | null;
      answered_at: Date | string | null;
      created_at: Date | string;
      user_id: string;
      user_nick: string;
      answered_by_nick: string | null;
      total: number;
    }>(sql`
      select q.qna_sn, q.user_key, q.category, q.title, q.content, q.state, q.answer, q.answered_at, q.created_at, u.id as user_id,
             u.nick as user_nick, a.nick as answered_by_nick, count(*) over ()::int as total
      from cs_qna q join users u on u.user_key = q.user_key left join users a on a.user_key = q.answered_by
      where ${where} order by ${order} offset ${offset} limit ${limit}`);
    const list = await Promise.all(
      rows.map(
        async (r): Promise<AdminQna> => ({
          ...(await toQna(this.db, r)),
          user_key: Number(r.user_key),
          user_id: r.user_id,
          user_nick: r.user_nick,
          answered_by_nick: r.answered_by_nick,
        }),
      ),
    );
    return { list, total: rows[0]?.total ?? 0 };
  }

  /** qna_answer_proc: answers a waiting question, or changes the answer until the member closes it. */
  async qnaAnswer(actor: SessionUser, req: { qna_sn: number; answer: string }): Promise<AdminQna> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ state: string; user_key: number; answer: string | null }>(sql`
        select state, user_key, answer from cs_qna where qna_sn = ${req.qna_sn} for update`);
      const row = rows[0];
      if (!row) throw new AppError('QNA_NOT_FOUND');
      if (row.state === 'complete') throw new AppError('QNA_COMPLETE');
      await tx.execute(sql`
        update cs_qna set state = 'answered', answer = ${req.answer}, answered_by = ${actor.userKey}, answered_at = now()
        where qna_sn = ${req.qna_sn}`);
      await audit(tx, {
        action: 'qna_answer',
        actor: actor.userKey,
        kind: 'qna',
        sn: req.qna_sn,
        member: Number(row.user_key),
        before: { state: row.state, answer: row.answer },
        after: { state: 'answered', answer: req.answer },
      });
    });
    const { list } = await this.qnaRows(sql`q.qna_sn = ${req.qna_sn}`, sql`q.qna_sn`, 0, 1);
    return list[0] as AdminQna;
  }

  /** notice_proc: operators write, edit or remove a notice (`board`: the board's pinned principles). */
  async noticeProc(
    actor: SessionUser,
    req: { notice_sn: number; delete_yn: 'Y' | 'N'; title: string; content: string; top_yn: 'Y' | 'N'; place: 'cs' | 'board' },
  ): Promise<{ sn: number }> {
    requireOperator(actor);
    if (req.delete_yn === 'N') {
      if (!req.title) throw new AppError('BOARD_TITLE_REQUIRED', { field: 'title' });
      if (!req.content) throw new AppError('BOARD_CONTENT_REQUIRED', { field: 'content' });
    }
    const sn = await this.db.transaction(async (tx) => {
      let before: Record<string, unknown> | null = null;
      if (req.notice_sn !== 0) {
        const { rows } = await tx.execute<{ title: string; deleted: boolean }>(sql`
          select title, deleted from cs_notice where notice_sn = ${req.notice_sn} for update`);
        if (!rows[0] || rows[0].deleted) throw new AppError('NOTICE_NOT_FOUND');
        before = { title: rows[0].title };
      } else if (req.delete_yn === 'Y') throw new AppError('NOTICE_NOT_FOUND');
      let sn = req.notice_sn;
      if (req.delete_yn === 'Y') {
        await tx.execute(sql`update cs_notice set deleted = true, updated_at = now() where notice_sn = ${sn}`);
      } else if (sn === 0) {
        const { rows } = await tx.execute<{ notice_sn: number }>(sql`
          insert into cs_notice (place, title, content, top, created_by)
          values (${req.place}, ${req.title}, ${req.content}, ${req.top_yn === 'Y'}, ${actor.userKey}) returning notice_sn`);
        sn = Number(rows[0]?.notice_sn);
      } else {
        await tx.execute(sql`
          update cs_notice set place = ${req.place}, title = ${req.title}, content = ${req.content}, top = ${req.top_yn === 'Y'},
                 updated_at = now() where notice_sn = ${sn}`);
      }
      await audit(tx, {
        action: req.delete_yn === 'Y' ? 'notice_delete' : 'notice_save',
        actor: actor.userKey,
        kind: 'notice',
        sn,
        before,
        after: req.delete_yn === 'Y' ? { deleted: true } : { title: req.title, place: req.place, top: req.top_yn },
      });
      return sn;
    });
    return { sn };
  }

  /** faq_proc: operators write, edit or remove a FAQ entry. */
  async faqProc(
    actor: SessionUser,
    req: { faq_sn: number; delete_yn: 'Y' | 'N'; category: string; question: string; answer: string; sort_no: number },
  ): Promise<{ sn: number }> {
    requireOperator(actor);
    if (req.delete_yn === 'N') {
      if (!req.question) throw required('question');
      if (!req.answer) throw required('answer');
    }
    const sn = await this.db.transaction(async (tx) => {
      let before: Record<string, unknown> | null = null;
      if (req.faq_sn !== 0) {
        const { rows } = await tx.execute<{ question: string; deleted: boolean }>(sql`
          select question, deleted from cs_faq where faq_sn = ${req.faq_sn} for update`);
        if (!rows[0] || rows[0].deleted) throw new AppError('FAQ_NOT_FOUND');
        before = { question: rows[0].question };
      } else if (req.delete_yn === 'Y') throw new AppError('FAQ_NOT_FOUND');
      let sn = req.faq_sn;
      if (req.delete_yn === 'Y') {
        await tx.execute(sql`update cs_faq set deleted = true where faq_sn = ${sn}`);
      } else if (sn === 0) {
        const { rows } = await tx.execute<{ faq_sn: number }>(sql`
          insert into cs_faq (category, question, answer, sort_no) values (${req.category}, ${req.question}, ${req.answer}, ${req.sort_no})
          returning faq_sn`);
        sn = Number(rows[0]?.faq_sn);
      } else {
        await tx.execute(sql`
          update cs_faq set category = ${req.category}, question = ${req.question}, answer = ${req.answer}, sort_no = ${req.sort_no}
          where faq_sn = ${sn}`);
      }
      await audit(tx, {
        action: req.delete_yn === 'Y' ? 'faq_delete' : 'faq_save',
        actor: actor.userKey,
        kind: 'faq',
        sn,
        before,
        after: req.delete_yn === 'Y' ? { deleted: true } : { question: req.question, category: req.category },
      });
      return sn;
    });
    return { sn };
  }

  /**
   * policy_notice_days_proc: operators set how many days a new policy version is announced before it takes
   * effect (the schema keeps it within 7–90). Every process's site info shows the new value after the commit.
   */
  async policyNoticeDays(actor: SessionUser, days: number): Promise<{ days: number }> {
    requireOperator(actor);
    await this.db.transaction(async (tx) => {
      const { before } = await setPolicyNoticeDays(tx, days);
      if (before === days) return;
      await audit(tx, {
        action: 'policy_notice_days',
        actor: actor.userKey,
        kind: 'site',
        sn: 1,
        before: { policy_notice_days: before },
        after: { policy_notice_days: days },
      });
    });
    await this.bus.publish(SITE_CHANGED, {});
    return { days };
  }
}

/** Where the console opens a report's target. */
function targetUrl(type: string, key: string, userId: string | null, replyBoardSn: number | null): string | null {
  switch (type) {
    case 'post':
      return `/bbs/detail/${key}`;
    case 'reply':
      return replyBoardSn === null ? null : `/bbs/detail/${replyBoardSn}`;
    case 'member':
    case 'chat':
      return userId ? `/channel/bj/${userId}` : null;
    case 'broadcast':
      return `/play/${key}`;
    case 'magazine':
      return `/magazine/${key}`;
    default:
      return null;
  }
}
