import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { CLIP_LIMITS, type ClipItem, type ClipKind, type ClipState, type ClipWindowSet, hlsUrlOf } from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { findBroadcast } from '../live/index.js';
import { SEGMENT_SECONDS } from '../media/index.js';
import { cutClip, liveSegments, probe, type Segment, segmentsFor, transcodeShort } from './clips.media.js';

export const CLIPS_PATH = '/media/clips';
const HOUR_MS = 3_600_000;
/** A short whose transcode has not finished in this time is failed (a crash, a stuck ffmpeg). */
const SHORT_FAIL_AFTER_MS = 30 * 60_000;
/** Formats a short may be (ffprobe's format names). */
const SHORT_FORMATS = /(^|,)(mov|mp4|m4a|3gp|3g2|mj2|matroska|webm)(,|$)/;

export interface ClipViewer {
  userKey: number;
  role: string;
}

interface Row extends Record<string, unknown> {
  clip_sn: number;
  clip_key: string;
  kind: ClipKind;
  title: string;
  state: ClipState;
  duration_sec: number;
  vertical_yn: boolean;
  view_cnt: number;
  created_at: Date;
  vod_key: string;
  bj_user_key: number;
  bj_id: string;
  bj_nick: string;
  bj_image: string;
  by_user_key: number;
  by_id: string;
  by_nick: string;
  total?: number;
}

const SELECT = sql`
  select k.clip_sn::float8 as clip_sn, k.clip_key, k.kind, k.title, k.state, k.duration_sec, k.vertical_yn, k.view_cnt,
         k.created_at, k.vod_key, k.bj_user_key::float8 as bj_user_key, b.id as bj_id, b.nick as bj_nick,
         b.profile_image as bj_image, k.by_user_key::float8 as by_user_key, m.id as by_id, m.nick as by_nick,
         count(*) over ()::int as total
    from clip k
    join users b on b.user_key = k.bj_user_key
    join users m on m.user_key = k.by_user_key`;

function itemOf(r: Row): ClipItem {
  const ready = r.state === 'ready';
  const base = `${CLIPS_PATH}/${r.clip_key}`;
  return {
    clip_sn: r.clip_sn,
    clip_key: r.clip_key,
    kind: r.kind,
    title: r.title,
    state: r.state,
    duration_sec: Math.round(r.duration_sec * 10) / 10,
    thumbnail: ready ? `${base}/thumb.jpg` : '',
    video_url: ready ? `${base}/${r.kind === 'clip' ? 'clip.mp4' : 'index.m3u8'}` : '',
    vertical_yn: r.vertical_yn ? 'Y' : 'N',
    view_cnt: r.view_cnt,
    created_at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
    vod_key: r.vod_key,
    bj: { user_key: r.bj_user_key, id: r.bj_id, nick: r.bj_nick, profile_image: r.bj_image },
    by: { user_key: r.by_user_key, id: r.by_id, nick: r.by_nick },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Clips and shorts (docs/clips.md). A clip is cut from the live room's segments already on disk (the
 * packager keeps the last ~95 s even when the broadcast is not recorded); a short is an uploaded video
 * transcoded to HLS one at a time per process. Files: `{mediaRoot}/clips/{clip_key}/`.
 */
export class ClipsService {
  private readonly clipsRoot: string;
  /** Shorts transcode one after another: two cores must keep serving the live rooms. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly jobs = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly mediaRoot: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.clipsRoot = path.join(mediaRoot, 'clips');
  }

  /** Waits for the running jobs (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  private track(job: Promise<unknown>) {
    this.jobs.add(job);
    void job.finally(() => this.jobs.delete(job));
  }

  private async row(where: ReturnType<typeof sql>): Promise<Row | undefined> {
    const { rows } = await this.db.execute<Row>(sql`${SELECT} where ${where} and k.deleted_at is null`);
    return rows[0];
  }

  /** Whether the BJ lets viewers clip their room (no row: yes). */
  private async clipAllowed(bjUserKey: number): Promise<boolean> {
    const { rows } = await this.db.execute<{ clip_yn: boolean } & Record<string, unknown>>(
      sql`select clip_yn from clip_room_setting where user_key = ${bjUserKey}`,
    );
    return rows[0]?.clip_yn ?? true;
  }

  /** `key`: a vod_key, or a BJ's login ID (their own settings page). */
  async roomSetting(key: string): Promise<{ clip_yn: 'Y' | 'N' }> {
    const found = await findBroadcast(this.db, key);
    let bjKey = found?.b.bjUserKey;
    if (bjKey === undefined) {
      const { rows } = await this.db.execute<{ user_key: number } & Record<string, unknown>>(
        sql`select user_key::float8 as user_key from users where id = ${key} and type_cd = 'bj'`,
      );
      bjKey = rows[0]?.user_key;
    }
    if (bjKey === undefined) throw new AppError('BROADCAST_NOT_FOUND');
    // A concert's stream is paid content: never clipped.
    if (found?.b.concertSn) return { clip_yn: 'N' };
    return { clip_yn: (await this.clipAllowed(bjKey)) ? 'Y' : 'N' };
  }

  async setSetting(user: ClipViewer, clipYn: 'Y' | 'N'): Promise<{ clip_yn: 'Y' | 'N' }> {
    if (user.role !== 'bj') throw new AppError('FORBIDDEN');
    await this.db.execute(sql`
      insert into clip_room_setting (user_key, clip_yn) values (${user.userKey}, ${clipYn === 'Y'})
      on conflict (user_key) do update set clip_yn = excluded.clip_yn, updated_at = now()`);
    return { clip_yn: clipYn };
  }

  /** The live room a viewer may clip: live, with media, clipping allowed, not a concert. */
  private async clippableRoom(vodKey: string) {
    const found = await findBroadcast(this.db, vodKey);
    if (!found) throw new AppError('BROADCAST_NOT_FOUND');
    const { b } = found;
    if (b.state !== 'live' || b.isDemo || !b.mediaDir) throw new AppError('CLIP_NOT_LIVE');
    // A concert is paid content, an adult broadcast's clips would reach viewers past its gate: neither is clipped.
    if (b.concertSn || b.adultYn || !(await this.clipAllowed(b.bjUserKey))) throw new AppError('CLIP_DISABLED');
    return { b, levelDir: path.join(this.mediaRoot, b.mediaDir, 'high') };
  }

  async window(vodKey: string): Promise<ClipWindowSet> {
    const { levelDir } = await this.clippableRoom(vodKey);
    const now = Date.now();
    const segments = await liveSegments(levelDir);
    const first = segments[0];
    const available = first ? Math.max(0, (now - (first.endMs - SEGMENT_SECONDS * 1000)) / 1000) : 0;
    return { pressed_at: now, available_sec: Math.min(CLIP_LIMITS.windowBeforeSec, Math.floor(available)), hls_url: hlsUrlOf(vodKey) };
  }

  /**
   * Starts a clip: checked now (the room, the window still on disk, the caller's rate), cut in the
   * background once its last second is on disk; ready or failed within CLIP_LIMITS.failAfterMs.
   */
  async create(
    user: ClipViewer,
    input: { vod_key: string; title: string; pressed_at: number; from_sec: number; to_sec: number },
  ): Promise<ClipItem> {
    const { b, levelDir } = await this.clippableRoom(input.vod_key);
    const now = Date.now();
    if (input.pressed_at > now + 2_000 || input.pressed_at < now - 2 * 60_000) throw new AppError('CLIP_WINDOW_PASSED');
    await enforceLimits(this.bus, [{ key: `clip:user:${user.userKey}`, max: CLIP_LIMITS.rate, windowMs: CLIP_LIMITS.rateWindowMs }]);
    const startMs = input.pressed_at + input.from_sec * 1000;
    const endMs = input.pressed_at + input.to_sec * 1000;
    const first = (await liveSegments(levelDir))[0];
    if (!first || first.endMs - SEGMENT_SECONDS * 1000 > startMs + 1_500) throw new AppError('CLIP_WINDOW_PASSED');
    const clipKey = randomBytes(9).toString('base64url');
    const { rows } = await this.db.execute<{ clip_sn: number } & Record<string, unknown>>(sql`
      insert into clip (clip_key, kind, title, bj_user_key, by_user_key, vod_key, duration_sec)
      values (${clipKey}, 'clip', ${input.title}, ${b.bjUserKey}, ${user.userKey}, ${b.vodKey}, ${(endMs - startMs) / 1000})
      returning clip_sn::float8 as clip_sn`);
    const clipSn = rows[0]?.clip_sn as number;
    this.track(this.cut(clipSn, clipKey, levelDir, startMs, endMs, now));
    const row = await this.row(sql`k.clip_sn = ${clipSn}`);
    return itemOf(row as Row);
  }

  private async cut(clipSn: number, clipKey: string, levelDir: string, startMs: number, endMs: number, requestedAt: number): Promise<void> {
    const outDir = path.join(this.clipsRoot, clipKey);
    const signal = AbortSignal.timeout(Math.max(1_000, requestedAt + CLIP_LIMITS.failAfterMs - Date.now()));
    try {
      // The last second must be on disk: its segment closes about a segment after it.
      const wait = endMs + SEGMENT_SECONDS * 1000 + 500 - Date.now();
      if (wait > 0) await sleep(wait);
      let segments: Segment[] = [];
      for (let tries = 0; tries < 20 && !signal.aborted; tries++) {
        segments = segmentsFor(await liveSegments(levelDir), startMs, endMs);
        const last = segments[segments.length - 1];
        if (last && last.endMs >= endMs) break;
        await sleep(250);
      }
      if (segments.length === 0) throw new Error('no segments in the window');
      await mkdir(outDir, { recursive: true });
      const p = await cutClip({ levelDir, segments, startMs, durationSec: (endMs - startMs) / 1000, outDir }, signal);
      await this.db.execute(sql`
        update clip set state = 'ready', ready_at = now(), duration_sec = ${p.durationSec}, vertical_yn = ${p.height > p.width}
         where clip_sn = ${clipSn} and state = 'processing'`);
    } catch (err) {
      this.log.warn({ err, clipSn }, 'clip failed');
      await rm(outDir, { recursive: true, force: true });
      await this.db.execute(sql`
        update clip set state = 'failed', fail_reason = ${signal.aborted ? 'timeout' : 'cut'} where clip_sn = ${clipSn} and state = 'processing'`);
    }
  }

  /**
   * An uploaded short (`file` already on disk, `size` bytes): checked by its content (ffprobe: a video in a
   * known container, within the duration limit), then transcoded in the background.
   */
  async upload(user: ClipViewer, file: string, title: string): Promise<ClipItem> {
    if (user.role !== 'bj') throw new AppError('FORBIDDEN');
    const p = await probe(file);
    if (!p?.hasVideo || !SHORT_FORMATS.test(p.formatName) || p.durationSec <= 0) throw new AppError('SHORT_NOT_VIDEO', { field: 'file' });
    if (p.durationSec > CLIP_LIMITS.shortMaxSec + 0.5)
      throw new AppError('SHORT_TOO_LONG', { field: 'file', sec: CLIP_LIMITS.shortMaxSec });
    const clipKey = randomBytes(9).toString('base64url');
    const outDir = path.join(this.clipsRoot, clipKey);
    await mkdir(outDir, { recursive: true });
    const source = path.join(outDir, 'upload.bin');
    await rename(file, source);
    const { rows } = await this.db.execute<{ clip_sn: number } & Record<string, unknown>>(sql`
      insert into clip (clip_key, kind, title, bj_user_key, by_user_key, duration_sec, vertical_yn)
      values (${clipKey}, 'short', ${title}, ${user.userKey}, ${user.userKey}, ${p.durationSec}, ${p.height > p.width})
      returning clip_sn::float8 as clip_sn`);
    const clipSn = rows[0]?.clip_sn as number;
    const job = this.queue.then(() => this.transcode(clipSn, source, outDir, p.durationSec));
    this.queue = job.catch(() => undefined);
    this.track(job);
    return itemOf((await this.row(sql`k.clip_sn = ${clipSn}`)) as Row);
  }

  private async transcode(clipSn: number, source: string, outDir: string, durationSec: number): Promise<void> {
    try {
      await transcodeShort(source, outDir, durationSec, AbortSignal.timeout(SHORT_FAIL_AFTER_MS));
      await this.db.execute(sql`update clip set state = 'ready', ready_at = now() where clip_sn = ${clipSn} and state = 'processing'`);
    } catch (err) {
      this.log.warn({ err, clipSn }, 'short transcode failed');
      await this.db.execute(
        sql`update clip set state = 'failed', fail_reason = 'transcode' where clip_sn = ${clipSn} and state = 'processing'`,
      );
    } finally {
      await rm(source, { force: true });
    }
  }

  /** A clip anyone may see once ready; its maker, its channel's BJ and operators also while processing or failed. */
  async info(viewer: ClipViewer | null, clipKey: string): Promise<ClipItem> {
    const r = await this.row(sql`k.clip_key = ${clipKey}`);
    if (!r) throw new AppError('CLIP_NOT_FOUND');
    const own = viewer && (viewer.userKey === r.by_user_key || viewer.userKey === r.bj_user_key || viewer.role === 'operator');
    if (r.state !== 'ready' && !own) throw new AppError('CLIP_NOT_FOUND');
    return itemOf(r);
  }

  /** Counts a view once per viewer (member, else address) and clip per hour. */
  async view(viewerId: string, clipKey: string): Promise<{ view_cnt: number }> {
    const r = await this.row(sql`k.clip_key = ${clipKey} and k.state = 'ready'`);
    if (!r) throw new AppError('CLIP_NOT_FOUND');
    const { rows } = await this.db.execute<{ view_cnt: number } & Record<string, unknown>>(sql`
      with seen as (
        insert into clip_view (clip_sn, viewer, hour) values (${r.clip_sn}, ${viewerId}, ${Math.floor(Date.now() / HOUR_MS)})
        on conflict do nothing returning clip_sn
      )
      update clip set view_cnt = view_cnt + 1 where clip_sn in (select clip_sn from seen) returning view_cnt`);
    return { view_cnt: rows[0]?.view_cnt ?? r.view_cnt };
  }

  /** Deleted by its maker, its channel's BJ or an operator; the files go with it. */
  async remove(user: ClipViewer, clipSn: number): Promise<{ clip_sn: number }> {
    const r = await this.row(sql`k.clip_sn = ${clipSn}`);
    if (!r) throw new AppError('CLIP_NOT_FOUND');
    if (user.userKey !== r.by_user_key && user.userKey !== r.bj_user_key && user.role !== 'operator') throw new AppError('FORBIDDEN');
    await this.db.execute(sql`update clip set deleted_at = now() where clip_sn = ${clipSn}`);
    if (r.state !== 'processing') await rm(path.join(this.clipsRoot, r.clip_key), { recursive: true, force: true });
    return { clip_sn: clipSn };
  }

  private async list(where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, offset: number, limit: number) {
    const { rows } = await this.db.execute<Row>(
      sql`${SELECT} where ${where} and k.deleted_at is null ${order} offset ${offset} limit ${limit}`,
    );
    return { list: rows.map(itemOf), total: rows[0]?.total ?? 0 };
  }

  /** A channel's ready clips and shorts; `program` asks for a program account's (CHANNEL_NOT_FOUND otherwise). */
  async channelClips(id: string, offset: number, limit: number, program: boolean) {
    const { rows } = await this.db.execute<{ user_key: number; bj_type_cd: string | null } & Record<string, unknown>>(
      sql`select user_key::float8 as user_key, bj_type_cd from users where id = ${id} and type_cd = 'bj' and state = 'active'`,
    );
    const bj = rows[0];
    if (!bj || (program && bj.bj_type_cd !== 'program')) throw new AppError('CHANNEL_NOT_FOUND');
    return this.list(
      sql`k.bj_user_key = ${bj.user_key} and k.state = 'ready'`,
      sql`order by k.created_at desc, k.clip_sn desc`,
      offset,
      limit,
    );
  }

  async mine(user: ClipViewer, kind: ClipKind | undefined, offset: number, limit: number) {
    const where = kind ? sql`k.by_user_key = ${user.userKey} and k.kind = ${kind}` : sql`k.by_user_key = ${user.userKey}`;
    return this.list(where, sql`order by k.created_at desc, k.clip_sn desc`, offset, limit);
  }

  async feed(order: 'recent' | 'popular', offset: number, limit: number) {
    const by =
      order === 'popular'
        ? sql`order by k.view_cnt desc, k.created_at desc, k.clip_sn desc`
        : sql`order by k.created_at desc, k.clip_sn desc`;
    // A withdrawn or closed channel's clips leave the feed with it (search hides them the same way).
    return this.list(sql`k.state = 'ready' and b.state = 'active'`, by, offset, limit);
  }

  /** Clips and shorts stuck in processing (a crash mid-job) are failed; runs periodically in every process. */
  async failStuck(): Promise<number> {
    const { rows } = await this.db.execute(sql`
      update clip set state = 'failed', fail_reason = 'timeout'
       where state = 'processing'
         and ((kind = 'clip' and created_at < now() - make_interval(secs => ${(CLIP_LIMITS.failAfterMs + 30_000) / 1000}))
           or (kind = 'short' and created_at < now() - make_interval(secs => ${SHORT_FAIL_AFTER_MS / 1000 + 600})))
      returning clip_sn`);
    return rows.length;
  }
}
