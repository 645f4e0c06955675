import {
  CS_LIMITS,
  type CsFaq,
  type CsNotice,
  type CsQna,
  type CsReport,
  type FaqCategory,
  type QnaCategory,
  type ReportAction,
  type ReportState,
  type ReportTarget,
  type ReportType,
} from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { Bus } from '../../platform/bus.js';
import type { Db, Exec } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { removeStored } from '../uploads/index.js';
import { findByLoginId } from '../users/index.js';
import type { SessionUser } from '../users/users.session.js';
import { cleanText, filesOf, setAttachments } from './board.service.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The member already has an open report on this target (the partial unique index). */
function isOpenReportConflict(err: unknown): boolean {
  const e = ((err as { cause?: unknown })?.cause ?? err) as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && e.constraint === 'cs_report_open_uq';
}
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

type QnaRow = {
  qna_sn: number;
  user_key: number;
  category: string;
  title: string;
  content: string;
  state: CsQna['state'];
  answer: string | null;
  answered_at: Date | string | null;
  created_at: Date | string;
};

export async function toQna(db: Exec, r: QnaRow): Promise<CsQna> {
  return {
    qna_sn: Number(r.qna_sn),
    category: r.category as QnaCategory,
    title: r.title,
    content: r.content,
    files: await filesOf(db, 'qna', Number(r.qna_sn)),
    state: r.state,
    answer: r.answer,
    answer_date: isoOrNull(r.answered_at),
    reg_date: iso(r.created_at),
  };
}

export type ReportRow = {
  report_sn: number;
  target_type: string;
  target_key: string;
  target_label: string;
  report_type: string;
  content: string;
  quote: string;
  state: ReportState;
  action: string | null;
  action_memo: string;
  created_at: Date | string;
  handled_at: Date | string | null;
};

export const toReport = (r: ReportRow): CsReport => ({
  report_sn: Number(r.report_sn),
  target_type: r.target_type as ReportTarget,
  target_key: r.target_key,
  target_label: r.target_label,
  report_type: r.report_type as ReportType,
  content: r.content,
  quote: r.quote,
  state: r.state,
  action: (r.action as ReportAction | null) ?? null,
  action_memo: r.action_memo,
  reg_date: iso(r.created_at),
  handled_date: isoOrNull(r.handled_at),
});

/** The customer centre (SPEC §7 cscenter_*, qna_proc, report_proc; docs/community.md). */
export class CsService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly uploadsDir: string,
  ) {}

  async notices(place: 'cs' | 'board', offset: number, limit: number): Promise<{ list: CsNotice[]; total: number }> {
    const { rows } = await this.db.execute<{
      notice_sn: number;
      title: string;
      content: string;
      top: boolean;
      created_at: Date | string;
      total: number;
    }>(sql`
      select notice_sn, title, content, top, created_at, count(*) over ()::int as total
      from cs_notice where place = ${place} and not deleted
      order by top desc, notice_sn desc offset ${offset} limit ${limit}`);
    return {
      list: rows.map((n) => ({
        notice_sn: Number(n.notice_sn),
        title: n.title,
        content: n.content,
        top_yn: n.top ? 'Y' : 'N',
        reg_date: iso(n.created_at),
      })),
      total:
        rows[0]?.total ??
        (offset > 0 ? await this.count(sql`select count(*)::int as n from cs_notice where place = ${place} and not deleted`) : 0),
    };
  }

  private async count(q: ReturnType<typeof sql>): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(q);
    return rows[0]?.n ?? 0;
  }

  async faq(q: { category?: FaqCategory; keyword: string; offset: number; limit: number }): Promise<{ list: CsFaq[]; total: number }> {
    const where = [sql`not deleted`];
    if (q.category) where.push(sql`category = ${q.category}`);
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      where.push(sql`(question ilike ${like} or answer ilike ${like})`);
    }
    const { rows } = await this.db.execute<{
      faq_sn: number;
      category: string;
      question: string;
      answer: string;
      sort_no: number;
      total: number;
    }>(sql`
      select faq_sn, category, question, answer, sort_no, count(*) over ()::int as total from cs_faq
      where ${sql.join(where, sql` and `)} order by sort_no, faq_sn offset ${q.offset} limit ${q.limit}`);
    return {
      list: rows.map((f) => ({
        faq_sn: Number(f.faq_sn),
        category: f.category as FaqCategory,
        question: f.question,
        answer: f.answer,
        sort_no: f.sort_no,
      })),
      total: rows[0]?.total ?? 0,
    };
  }

  async myQna(user: SessionUser, offset: number, limit: number): Promise<{ list: CsQna[]; total: number }> {
    const { rows } = await this.db.execute<QnaRow & { total: number }>(sql`
      select qna_sn, user_key, category, title, content, state, answer, answered_at, created_at, count(*) over ()::int as total
      from cs_qna where user_key = ${user.userKey} order by qna_sn desc offset ${offset} limit ${limit}`);
    return { list: await Promise.all(rows.map((r) => toQna(this.db, r))), total: rows[0]?.total ?? 0 };
  }

  private async ownQna(userKey: number, qnaSn: number): Promise<QnaRow> {
    const { rows } = await this.db.execute<QnaRow>(sql`
      select qna_sn, user_key, category, title, content, state, answer, answered_at, created_at from cs_qna where qna_sn = ${qnaSn}`);
    const row = rows[0];
    if (!row || Number(row.user_key) !== userKey) throw new AppError('QNA_NOT_FOUND');
    return row;
  }

  /** qna_proc */
  async qnaProc(
    user: SessionUser,
    req:
      | { mode: 'save'; qna_sn: number; category: QnaCategory; title: string; content: string; files: number[] }
      | { mode: 'file_delete'; qna_sn: number; file_sn: number }
      | { mode: 'complete'; qna_sn: number },
  ): Promise<CsQna> {
    if (req.mode === 'complete') {
      const row = await this.ownQna(user.userKey, req.qna_sn);
      if (row.state === 'complete') throw new AppError('QNA_COMPLETE');
      if (row.state !== 'answered') throw new AppError('QNA_NOT_ANSWERED');
      await this.db.execute(
        sql`update cs_qna set state = 'complete', completed_at = now() where qna_sn = ${req.qna_sn} and state = 'answered'`,
      );
      return this.qnaOf(req.qna_sn);
    }
    if (req.mode === 'file_delete') {
      const row = await this.ownQna(user.userKey, req.qna_sn);
      if (row.state !== 'waiting') throw new AppError('QNA_ANSWERED');
      const files = (await filesOf(this.db, 'qna', req.qna_sn)).map((f) => f.file_sn);
      if (!files.includes(req.file_sn)) throw new AppError('UPLOAD_NOT_FOUND', { field: 'file_sn' });
      const removed = await this.db.transaction((tx) =>
        setAttachments(
          tx,
          'qna',
          req.qna_sn,
          user.userKey,
          files.filter((f) => f !== req.file_sn),
        ),
      );
      await removeStored(this.uploadsDir, removed);
      return this.qnaOf(req.qna_sn);
    }
    const title = cleanText(req.title, []);
    const content = cleanText(req.content, []);
    if (!title) throw new AppError('BOARD_TITLE_REQUIRED', { field: 'title' });
    if (!content) throw new AppError('BOARD_CONTENT_REQUIRED', { field: 'content' });
    if (req.qna_sn !== 0) {
      const row = await this.ownQna(user.userKey, req.qna_sn);
      if (row.state !== 'waiting') throw new AppError('QNA_ANSWERED');
    } else {
      await enforceLimits(this.bus, [{ key: `qna:${user.userKey}`, max: 10, windowMs: 3600_000 }]);
    }
    const { sn, removed } = await this.db.transaction(async (tx) => {
      let sn = req.qna_sn;
      if (sn === 0) {
        const { rows } = await tx.execute<{ qna_sn: number }>(sql`
          insert into cs_qna (user_key, category, title, content) values (${user.userKey}, ${req.category}, ${title}, ${content})
          returning qna_sn`);
        sn = Number(rows[0]?.qna_sn);
      } else {
        const { rows } = await tx.execute(sql`
          update cs_qna set category = ${req.category}, title = ${title}, content = ${content}
          where qna_sn = ${sn} and state = 'waiting' returning qna_sn`);
        if (rows.length === 0) throw new AppError('QNA_ANSWERED');
      }
      return { sn, removed: await setAttachments(tx, 'qna', sn, user.userKey, req.files) };
    });
    await removeStored(this.uploadsDir, removed);
    return this.qnaOf(sn);
  }

  async qnaOf(qnaSn: number): Promise<CsQna> {
    const { rows } = await this.db.execute<QnaRow>(sql`
      select qna_sn, user_key, category, title, content, state, answer, answered_at, created_at from cs_qna where qna_sn = ${qnaSn}`);
    if (!rows[0]) throw new AppError('QNA_NOT_FOUND');
    return toQna(this.db, rows[0]);
  }

  async myReports(user: SessionUser, offset: number, limit: number): Promise<{ list: CsReport[]; total: number }> {
    const { rows } = await this.db.execute<ReportRow & { total: number }>(sql`
      select report_sn, target_type, target_key, target_label, report_type, content, quote, state, action, action_memo, created_at, handled_at,
             count(*) over ()::int as total
      from cs_report where user_key = ${user.userKey} order by report_sn desc offset ${offset} limit ${limit}`);
    return { list: rows.map(toReport), total: rows[0]?.total ?? 0 };
  }

  /** What a report is about: its label as the reporter saw it and the member it belongs to. */
  private async target(type: ReportTarget, key: string): Promise<{ label: string; userKey: number | null }> {
    const asSn = /^\d{1,15}$/.test(key) ? Number(key) : null;
    const one = async (q: ReturnType<typeof sql>) => {
      const { rows } = await this.db.execute<{ label: string; user_key: number | null }>(q);
      const r = rows[0];
      if (!r) throw new AppError('REPORT_TARGET_NOT_FOUND', { field: 'target_key' });
      return { label: r.label, userKey: r.user_key === null ? null : Number(r.user_key) };
    };
    switch (type) {
      case 'post':
        if (asSn === null) break;
        return one(sql`select title as label, user_key from board_post where board_sn = ${asSn} and state <> 'deleted'`);
      case 'reply':
        if (asSn === null) break;
        return one(sql`select left(content, 60) as label, user_key from board_reply where reply_sn = ${asSn} and state <> 'deleted'`);
      case 'member':
      case 'chat': {
        const member = await findByLoginId(this.db, key);
        if (!member) break;
        return { label: `${member.nick} (${member.id})`, userKey: member.userKey };
      }
      case 'broadcast':
        return one(sql`select title as label, bj_user_key as user_key from broadcast where vod_key = ${key}`);
      case 'magazine':
        if (asSn === null) break;
        return one(sql`select title as label, null::bigint as user_key from magazine where mi_sn = ${asSn} and view_yn`);
    }
    throw new AppError('REPORT_TARGET_NOT_FOUND', { field: 'target_key' });
  }

  /** report_proc: one open report per member and target; the reporter sees its state at /cs/report. */
  async report(
    user: SessionUser,
    req: { target_type: ReportTarget; target_key: string; report_type: ReportType; content: string; quote: string },
  ): Promise<CsReport> {
    const target = await this.target(req.target_type, req.target_key);
    if (target.userKey === user.userKey) throw new AppError('REPORT_SELF');
    await enforceLimits(this.bus, [{ key: `report:${user.userKey}`, max: CS_LIMITS.reportRate, windowMs: CS_LIMITS.reportWindowMs }]);
    const content = cleanText(req.content, []);
    if (!content) throw new AppError('REPORT_CONTENT_REQUIRED', { field: 'content' });
    try {
      const { rows } = await this.db.execute<ReportRow>(sql`
        insert into cs_report (user_key, target_type, target_key, target_label, target_user_key, report_type, content, quote)
        values (${user.userKey}, ${req.target_type}, ${req.target_key}, ${target.label.slice(0, 200)}, ${target.userKey},
                ${req.report_type}, ${content}, ${cleanText(req.quote, [])})
        returning report_sn, target_type, target_key, target_label, report_type, content, quote, state, action, action_memo, created_at, handled_at`);
      return toReport(rows[0] as ReportRow);
    } catch (err) {
      if (isOpenReportConflict(err)) throw new AppError('REPORT_DUPLICATE');
      throw err;
    }
  }
}
