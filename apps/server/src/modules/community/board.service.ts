import {
  BOARD_LIMITS,
  type BoardFile,
  type BoardInfoSet,
  type BoardListSet,
  type BoardPost,
  type BoardReply,
  type BoardRestriction,
  findPersonalInfo,
  searchNorm,
  searchTokens,
  termQuery,
} from '@byeol/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Bus } from '../../platform/bus.js';
import type { Db, Exec, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { bannedWordsPattern } from '../chat/index.js';
import { activeSanction, kstUntil } from '../sanctions/index.js';
import { claimUploads, releaseUploads, removeStored } from '../uploads/index.js';
import type { SessionUser } from '../users/users.session.js';
import { boardFile, boardPost, boardReply, boardSetting } from './community.tables.js';

/** The board of SPEC §7 (`setting_sn` forced to 1). */
export const BOARD_SN = 1;

export interface Viewer {
  userKey: number;
  role: SessionUser['role'];
}

const iso = (d: Date | string) => new Date(d).toISOString();
/** A LIKE pattern finding `text` anywhere (its wildcards escaped). */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Plain text: control characters (but line breaks and tabs) out, the board's banned words masked. */
export function cleanText(raw: string, banned: readonly string[]): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (but line breaks) are removed.
  let text = raw.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
  const re = bannedWordsPattern(banned);
  if (re) text = text.replace(re, (m) => '*'.repeat([...m].length));
  return text;
}

/** Refuses text carrying personal data (SPEC §5), naming the field. */
export function refusePersonalInfo(fields: Record<string, string>): void {
  for (const [field, text] of Object.entries(fields)) {
    if (findPersonalInfo(text)) throw new AppError('BOARD_PERSONAL_INFO', { field });
  }
}

/** The member's board restriction in force (a `board` sanction), as the member reads it. */
export async function restrictionOf(db: Exec, userKey: number): Promise<BoardRestriction | null> {
  const s = await activeSanction(db, userKey, 'board');
  return s ? { until: kstUntil(s.endsAt), reason: s.reason } : null;
}

async function refuseRestricted(db: Exec, userKey: number): Promise<void> {
  const r = await restrictionOf(db, userKey);
  if (r) throw new AppError('BOARD_RESTRICTED', { until: r.until, reason: r.reason });
}

export type PostRow = {
  board_sn: number;
  title: string;
  user_key: number;
  user_id: string;
  user_nick: string;
  view_cnt: number;
  reply_cnt: number;
  file_cnt: number;
  created_at: Date | string;
};

export const toPost = (r: PostRow, notice = false): BoardPost => ({
  board_sn: Number(r.board_sn),
  title: r.title,
  user_key: Number(r.user_key),
  user_id: r.user_id,
  user_nick: r.user_nick,
  view_cnt: r.view_cnt,
  reply_cnt: r.reply_cnt,
  file_cnt: r.file_cnt,
  reg_date: iso(r.created_at),
  notice_yn: notice ? 'Y' : 'N',
});

type ReplyRow = {
  reply_sn: number;
  board_sn: number;
  user_key: number;
  user_id: string;
  user_nick: string;
  profile_image: string;
  content: string;
  created_at: Date | string;
};

const toReply = (r: ReplyRow, viewerKey: number | undefined): BoardReply => ({
  reply_sn: Number(r.reply_sn),
  board_sn: Number(r.board_sn),
  user_key: Number(r.user_key),
  user_id: r.user_id,
  user_nick: r.user_nick,
  profile_image: r.profile_image,
  content: r.content,
  reg_date: iso(r.created_at),
  is_mine_yn: viewerKey !== undefined && Number(r.user_key) === viewerKey ? 'Y' : 'N',
});

/** A post's attachments in order. */
export async function filesOf(db: Exec, table: 'board' | 'qna', sn: number): Promise<BoardFile[]> {
  const q =
    table === 'board'
      ? sql`select f.file_sn, f.path, f.original_name, f.width, f.height, f.bytes from board_file b join upload_file f on f.file_sn = b.file_sn
            where b.board_sn = ${sn} order by b.sort_no`
      : sql`select f.file_sn, f.path, f.original_name, f.width, f.height, f.bytes from cs_qna_file q join upload_file f on f.file_sn = q.file_sn
            where q.qna_sn = ${sn} order by q.sort_no`;
  const { rows } = await db.execute<{ file_sn: number; path: string; original_name: string; width: number; height: number; bytes: number }>(
    q,
  );
  return rows.map((f) => ({
    file_sn: Number(f.file_sn),
    url: `/files/${f.path}`,
    name: f.original_name,
    width: f.width,
    height: f.height,
    bytes: f.bytes,
  }));
}

/**
 * Replaces the attachments of a post or a question with `wanted` (upload numbers in order), inside the
 * caller's transaction: files already attached stay, new ones must be the caller's fresh uploads of the
 * purpose (claimed), the ones left out are released. Answers the stored paths to remove after the commit.
 */
export async function setAttachments(
  tx: Tx,
  table: 'board' | 'qna',
  sn: number,
  userKey: number,
  wanted: readonly number[],
): Promise<string[]> {
  if (wanted.length > BOARD_LIMITS.filesMax) throw new AppError('BOARD_FILES_TOO_MANY', { field: 'files', max: BOARD_LIMITS.filesMax });
  if (new Set(wanted).size !== wanted.length) throw new AppError('UPLOAD_NOT_FOUND', { field: 'files' });
  const current = (await filesOf(tx, table, sn)).map((f) => f.file_sn);
  const added = wanted.filter((f) => !current.includes(f));
  const dropped = current.filter((f) => !wanted.includes(f));
  await claimUploads(tx, userKey, added, table);
  if (table === 'board') {
    await tx.delete(boardFile).where(eq(boardFile.boardSn, sn));
    if (wanted.length) await tx.insert(boardFile).values(wanted.map((fileSn, i) => ({ boardSn: sn, fileSn, sortNo: i })));
  } else {
    await tx.execute(sql`delete from cs_qna_file where qna_sn = ${sn}`);
    for (const [i, fileSn] of wanted.entries()) {
      await tx.execute(sql`insert into cs_qna_file (qna_sn, file_sn, sort_no) values (${sn}, ${fileSn}, ${i})`);
    }
  }
  return releaseUploads(tx, dropped);
}

/** The board (SPEC §7 Board; docs/community.md): reads for everyone, writes for members. */
export class BoardService {
  private banned: { words: string[]; at: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly uploadsDir: string,
  ) {}

  /** The board's banned words, read at most every 30 s. */
  async bannedWords(): Promise<string[]> {
    if (this.banned && Date.now() - this.banned.at < 30_000) return this.banned.words;
    const [row] = await this.db.select({ words: boardSetting.bannedWords }).from(boardSetting).where(eq(boardSetting.settingSn, BOARD_SN));
    this.banned = { words: row?.words ?? [], at: Date.now() };
    return this.banned.words;
  }

  /** eventboard_list: newest first; offset paging for the first pages, `last_sn` (keyset) beyond. */
  async list(
    viewer: Viewer | null,
    q: { search_keyword: string; offset: number; limit: number; last_sn: number; first_sn: number },
  ): Promise<BoardListSet> {
    const keyword = q.search_keyword;
    // What the search domain asks the index for (search.repository.ts does the same): the term's bigrams, '^' + the
    // character only for a one-character word. searchTokens() would add '^' + each word's first character,
    // so a syllable pair from inside a word ('늘별' of '하늘별') matched nothing.
    const term = keyword ? termQuery(keyword) : null;
    const norm = keyword ? searchNorm(keyword) : '';
    const where = [sql`p.setting_sn = ${BOARD_SN}`, sql`p.state = 'visible'`];
    if (term) {
      if (term.tokens.length === 0) where.push(sql`false`);
      else {
        // The substring check reads board_post alone, so no candidate is joined to users before it (a join filter
        // had every candidate hashed against all members); the author's nick and ID are read by key (a scalar
        // subquery: an EXISTS may be planned as search_norm() over every member) only when the title misses. One
        // word never spans a separator, so the title with ASCII lower-cased (all search_words folds) holds it
        // exactly when search_norm(title), ten times dearer, does.
        const title =
          term.words.length === 1
            ? sql`translate(p.title, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`
            : sql`search_norm(p.title)`;
        where.push(
          sql`p.tokens @> ${sql.param(term.tokens)}::text[]`,
          sql`(${title} like ${likeOf(norm)} or (select search_norm(a.nick) like ${likeOf(norm)} or lower(a.id) like ${likeOf(keyword.toLowerCase())}
            from users a where a.user_key = p.user_key))`,
        );
      }
    }
    // Keyset both ways: older than last_sn (board_sn desc), or the nearest newer than first_sn (board_sn asc on
    // the same index, then shown newest first); offsets only for the first pages.
    const newer = q.first_sn > 0;
    const page = newer ? [...where, sql`p.board_sn > ${q.first_sn}`] : q.last_sn > 0 ? [...where, sql`p.board_sn < ${q.last_sn}`] : where;
    const [listRes, total, notices, restriction] = await Promise.all([
      // The page's posts first, then their authors: 20 lookups, not one per row skipped by the offset.
      this.db.execute<PostRow>(sql`
        select p.board_sn, p.title, p.user_key, u.id as user_id, u.nick as user_nick, p.view_cnt, p.reply_cnt, p.file_cnt, p.created_at
        from (select p.board_sn, p.title, p.user_key, p.view_cnt, p.reply_cnt, p.file_cnt, p.created_at
              from board_post p where ${sql.join(page, sql` and `)}
              order by p.board_sn ${newer ? sql`asc` : sql`desc`} offset ${newer || q.last_sn > 0 ? 0 : q.offset} limit ${q.limit}) p
        join users u on u.user_key = p.user_key
        order by p.board_sn desc`),
      keyword ? this.countMatches(where) : this.visibleCount(),
      this.noticePosts(),
      viewer ? restrictionOf(this.db, viewer.userKey) : Promise.resolve(null),
    ]);
    return {
      eventboard_list: listRes.rows.map((r) => toPost(r)),
      eventboard_total: total.count,
      eventboard_total_capped_yn: total.capped ? 'Y' : 'N',
      notice_list: notices,
      params: {
        setting_sn: BOARD_SN,
        site_key: 1,
        search_keyword: keyword,
        offset: q.offset,
        limit: q.limit,
        last_sn: q.last_sn,
        first_sn: q.first_sn,
      },
      restriction,
    };
  }

  private async visibleCount(): Promise<{ count: number; capped: boolean }> {
    const [row] = await this.db.select({ n: boardSetting.visibleCnt }).from(boardSetting).where(eq(boardSetting.settingSn, BOARD_SN));
    return { count: Number(row?.n ?? 0), capped: false };
  }

  private async countMatches(where: ReturnType<typeof sql>[]): Promise<{ count: number; capped: boolean }> {
    const { rows } = await this.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select 1 from board_post p where ${sql.join(where, sql` and `)} limit ${BOARD_LIMITS.searchTotalCap + 1}) m`);
    const n = rows[0]?.n ?? 0;
    return { count: Math.min(n, BOARD_LIMITS.searchTotalCap), capped: n > BOARD_LIMITS.searchTotalCap };
  }

  /** The board's pinned notices (the operating principles), as list rows. */
  private async noticePosts(): Promise<Array<BoardPost & { content: string }>> {
    const { rows } = await this.db.execute<{ notice_sn: number; title: string; content: string; created_at: Date | string }>(sql`
      select notice_sn, title, content, created_at from cs_notice where place = 'board' and not deleted order by top desc, notice_sn desc limit 5`);
    return rows.map((n) => ({
      content: n.content,
      ...toPost(
        {
          board_sn: Number(n.notice_sn),
          title: n.title,
          user_key: 0,
          user_id: '',
          user_nick: '',
          view_cnt: 0,
          reply_cnt: 0,
          file_cnt: 0,
          created_at: n.created_at,
        },
        true,
      ),
    }));
  }

  /** eventboard_info: the post and a page of its comments; `view_yn` Y counts a member's view once per KST day. */
  async info(viewer: Viewer | null, q: { board_sn: number; view_yn: 'Y' | 'N'; offset: number; limit: number }): Promise<BoardInfoSet> {
    if (q.view_yn === 'Y' && viewer) {
      await this.db.execute(sql`
        with v as (
          insert into board_view (board_sn, user_key, view_day)
          select ${q.board_sn}, ${viewer.userKey}, (now() at time zone 'Asia/Seoul')::date
          where exists (select 1 from board_post where board_sn = ${q.board_sn} and state = 'visible')
          on conflict do nothing returning board_sn)
        update board_post set view_cnt = view_cnt + 1 where board_sn in (select board_sn from v)`);
    }
    const { rows } = await this.db.execute<PostRow & { content: string; updated_at: Date | string | null }>(sql`
      select p.board_sn, p.title, p.content, p.user_key, u.id as user_id, u.nick as user_nick, p.view_cnt, p.reply_cnt, p.file_cnt,
             p.created_at, p.updated_at
      from board_post p join users u on u.user_key = p.user_key
      where p.board_sn = ${q.board_sn} and p.state = 'visible' and p.setting_sn = ${BOARD_SN}`);
    const post = rows[0];
    if (!post) throw new AppError('BOARD_POST_NOT_FOUND');
    const [files, replies] = await Promise.all([
      filesOf(this.db, 'board', q.board_sn),
      this.replies(viewer, q.board_sn, q.offset, q.limit),
    ]);
    return {
      board_info: {
        ...toPost(post),
        content: post.content,
        files,
        mod_date: post.updated_at ? iso(post.updated_at) : null,
        is_mine_yn: viewer && viewer.userKey === Number(post.user_key) ? 'Y' : 'N',
      },
      eventboard_reply_list: replies,
      total_count: post.reply_cnt,
    };
  }

  private async replies(viewer: Viewer | null, boardSn: number, offset: number, limit: number): Promise<BoardReply[]> {
    const { rows } = await this.db.execute<ReplyRow>(sql`
      select r.reply_sn, r.board_sn, r.user_key, u.id as user_id, u.nick as user_nick, u.profile_image, r.content, r.created_at
      from board_reply r join users u on u.user_key = r.user_key
      where r.board_sn = ${boardSn} and r.state = 'visible'
      order by r.reply_sn offset ${offset} limit ${limit}`);
    return rows.map((r) => toReply(r, viewer?.userKey));
  }

  /** eventboard_insert_proc: a new post, or an edit of the caller's own (board_sn). */
  async write(
    user: SessionUser,
    req: { board_sn: number; title: string; content: string; files: number[] },
  ): Promise<{ board_sn: number }> {
    await refuseRestricted(this.db, user.userKey);
    const banned = await this.bannedWords();
    const title = cleanText(req.title, banned);
    const content = cleanText(req.content, banned);
    if (!title) throw new AppError('BOARD_TITLE_REQUIRED', { field: 'title' });
    if (!content) throw new AppError('BOARD_CONTENT_REQUIRED', { field: 'content' });
    refusePersonalInfo({ title, content });
    if (req.files.length > BOARD_LIMITS.filesMax)
      throw new AppError('BOARD_FILES_TOO_MANY', { field: 'files', max: BOARD_LIMITS.filesMax });
    if (req.board_sn === 0) {
      await enforceLimits(this.bus, [
        { key: `board:write:${user.userKey}`, max: BOARD_LIMITS.writeRate, windowMs: BOARD_LIMITS.writeWindowMs },
      ]);
    }
    const tokens = searchTokens(`${title} ${user.nick} ${user.id}`);
    const { sn, removed } = await this.db.transaction(async (tx) => {
      let sn = req.board_sn;
      if (sn === 0) {
        const [row] = await tx
          .insert(boardPost)
          .values({ settingSn: BOARD_SN, userKey: user.userKey, title, content, tokens, fileCnt: req.files.length })
          .returning({ sn: boardPost.boardSn });
        sn = (row as { sn: number }).sn;
        await tx
          .update(boardSetting)
          .set({ visibleCnt: sql`${boardSetting.visibleCnt} + 1` })
          .where(eq(boardSetting.settingSn, BOARD_SN));
      } else {
        const [row] = await tx
          .select({ userKey: boardPost.userKey, state: boardPost.state })
          .from(boardPost)
          .where(eq(boardPost.boardSn, sn))
          .for('update');
        if (row?.state !== 'visible') throw new AppError('BOARD_POST_NOT_FOUND');
        if (row.userKey !== user.userKey) throw new AppError('BOARD_NOT_OWNER');
        await tx
          .update(boardPost)
          .set({ title, content, tokens, fileCnt: req.files.length, updatedAt: new Date() })
          .where(eq(boardPost.boardSn, sn));
      }
      const removed = await setAttachments(tx, 'board', sn, user.userKey, req.files);
      return { sn, removed };
    });
    await removeStored(this.uploadsDir, removed);
    return { board_sn: sn };
  }

  /** eventboard_delete_proc: the author deletes their post (its images go with it). */
  async remove(user: SessionUser, boardSn: number): Promise<{ board_sn: number }> {
    const removed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ userKey: boardPost.userKey, state: boardPost.state })
        .from(boardPost)
        .where(eq(boardPost.boardSn, boardSn))
        .for('update');
      if (!row || row.state === 'deleted') throw new AppError('BOARD_POST_NOT_FOUND');
      if (row.userKey !== user.userKey) throw new AppError('BOARD_NOT_OWNER');
      return deletePost(tx, boardSn, row.state, '');
    });
    await removeStored(this.uploadsDir, removed);
    return { board_sn: boardSn };
  }

  /** eventboard_reply_insert_proc */
  async reply(user: SessionUser, req: { board_sn: number; content: string }): Promise<BoardReply> {
    await refuseRestricted(this.db, user.userKey);
    const content = cleanText(req.content, await this.bannedWords());
    if (!content) throw new AppError('BOARD_REPLY_REQUIRED', { field: 'content' });
    refusePersonalInfo({ content });
    await enforceLimits(this.bus, [
      { key: `board:reply:${user.userKey}`, max: BOARD_LIMITS.replyRate, windowMs: BOARD_LIMITS.replyWindowMs },
    ]);
    const sn = await this.db.transaction(async (tx) => {
      const bumped = await tx
        .update(boardPost)
        .set({ replyCnt: sql`${boardPost.replyCnt} + 1` })
        .where(and(eq(boardPost.boardSn, req.board_sn), eq(boardPost.state, 'visible')))
        .returning({ sn: boardPost.boardSn });
      if (bumped.length === 0) throw new AppError('BOARD_POST_NOT_FOUND');
      const [row] = await tx
        .insert(boardReply)
        .values({ boardSn: req.board_sn, userKey: user.userKey, content })
        .returning({ sn: boardReply.replySn });
      return (row as { sn: number }).sn;
    });
    const { rows } = await this.db.execute<ReplyRow>(sql`
      select r.reply_sn, r.board_sn, r.user_key, u.id as user_id, u.nick as user_nick, u.profile_image, r.content, r.created_at
      from board_reply r join users u on u.user_key = r.user_key where r.reply_sn = ${sn}`);
    return toReply(rows[0] as ReplyRow, user.userKey);
  }

  /** eventboard_reply_delete_proc: the author deletes their comment. */
  async removeReply(user: SessionUser, replySn: number): Promise<{ reply_sn: number }> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ userKey: boardReply.userKey, state: boardReply.state })
        .from(boardReply)
        .where(eq(boardReply.replySn, replySn))
        .for('update');
      if (!row || row.state === 'deleted') throw new AppError('BOARD_REPLY_NOT_FOUND');
      // Operators remove others' comments from the console (board_reply_proc), where it is audited.
      if (row.userKey !== user.userKey) throw new AppError('BOARD_NOT_OWNER');
      await setReplyState(tx, replySn, row.state, 'deleted', '');
    });
    return { reply_sn: replySn };
  }
}

/** Moves a post to `deleted`, keeping the counters; answers the stored paths of its images to remove. */
export async function deletePost(tx: Tx, boardSn: number, from: string, reason: string): Promise<string[]> {
  await tx.update(boardPost).set({ state: 'deleted', moderationReason: reason }).where(eq(boardPost.boardSn, boardSn));
  if (from === 'visible') {
    await tx
      .update(boardSetting)
      .set({ visibleCnt: sql`${boardSetting.visibleCnt} - 1` })
      .where(eq(boardSetting.settingSn, BOARD_SN));
  }
  const files = await tx.select({ fileSn: boardFile.fileSn }).from(boardFile).where(eq(boardFile.boardSn, boardSn));
  return releaseUploads(
    tx,
    files.map((f) => f.fileSn),
  );
}

/** Moves a comment between states, keeping its post's comment count. */
export async function setReplyState(
  tx: Tx,
  replySn: number,
  from: string,
  to: 'visible' | 'hidden' | 'deleted',
  reason: string,
): Promise<void> {
  const [row] = await tx
    .update(boardReply)
    .set({ state: to, moderationReason: reason })
    .where(eq(boardReply.replySn, replySn))
    .returning({ boardSn: boardReply.boardSn });
  const delta = (to === 'visible' ? 1 : 0) - (from === 'visible' ? 1 : 0);
  if (row && delta !== 0) {
    await tx
      .update(boardPost)
      .set({ replyCnt: sql`greatest(${boardPost.replyCnt} + ${delta}, 0)` })
      .where(eq(boardPost.boardSn, row.boardSn));
  }
}

/** The board's banned words (site-wide: event replies mask the same words). */
export async function boardBannedWords(db: Exec): Promise<string[]> {
  const [row] = await db.select({ words: boardSetting.bannedWords }).from(boardSetting).where(eq(boardSetting.settingSn, BOARD_SN));
  return row?.words ?? [];
}
