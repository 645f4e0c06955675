import { randomBytes } from 'node:crypto';
import {
  isStreamRefusal,
  LIVE_BUS_CHANNEL,
  type LiveBusMessage,
  maskStreamKey,
  type Quality,
  STREAM_KEY_BYTES,
  STREAM_KEY_CHANNEL,
  STREAM_KEY_RATE,
  STREAM_REFUSAL_PARAMS,
  STREAM_SETTING_FIELDS,
  type StreamGuideInfo,
  type StreamInfo,
  type StreamKeyMessage,
  type StreamSettingReq,
  type StreamSettings,
} from '@byeol/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError, invalid } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { activeSanction } from '../sanctions/index.js';
import { users } from '../users/index.js';
import { requireUser } from '../users/users.session.js';
import { mcOf } from './live.repository.js';
import { broadcast, streamKey, streamSetting } from './live.tables.js';

export interface StreamDeps {
  db: Db;
  bus: Bus;
  /** rtmp://host:port/live as broadcasters type it into OBS (rtmpPublicUrl). */
  rtmpUrl: string;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The RTMP address broadcasters see: RTMP_PUBLIC_URL when set; otherwise the host browsers reach the site
 * at (PUBLIC_URL, else HOST, never a wildcard bind address) with the ingest's RTMP_PORT (1935 by default).
 */
export function rtmpPublicUrl(config: Config): string {
  if (config.RTMP_PUBLIC_URL) return config.RTMP_PUBLIC_URL.replace(/\/+$/, '');
  let host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : config.HOST;
  if (WILDCARD_HOSTS.has(host)) host = '127.0.0.1';
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  return `rtmp://${host}:${config.RTMP_PORT}/live`;
}

/** A fresh key: STREAM_KEY_BYTES random bytes, URL-safe (an RTMP stream name and nothing else). */
export const newStreamKey = () => randomBytes(STREAM_KEY_BYTES).toString('base64url');

const yn = (v: boolean): 'Y' | 'N' => (v ? 'Y' : 'N');

interface Broadcaster {
  userKey: number;
  nick: string;
  adultVerified: boolean;
}

/** The caller if it is a BJ account (SPEC §3 type_cd bj); viewers, operators and GMs do not broadcast. */
async function requireBroadcaster(db: Db, request: FastifyRequest): Promise<Broadcaster> {
  const me = await requireUser(request);
  const [row] = await db
    .select({ typeCd: users.typeCd, nick: users.nick, adultVerifiedAt: users.adultVerifiedAt })
    .from(users)
    .where(eq(users.userKey, me.userKey));
  if (!row) throw new AppError('LOGIN_REQUIRED');
  if (row.typeCd !== 'bj') throw new AppError('STREAM_BJ_ONLY');
  return { userKey: me.userKey, nick: row.nick, adultVerified: row.adultVerifiedAt !== null };
}

/** The broadcaster's key, created on first use (concurrent first reads agree on one). */
export async function ensureStreamKey(db: Db, userKey: number) {
  await db.insert(streamKey).values({ userKey, streamKey: newStreamKey() }).onConflictDoNothing({ target: streamKey.userKey });
  const [row] = await db.select().from(streamKey).where(eq(streamKey.userKey, userKey));
  if (!row) throw new Error(`no stream key for ${userKey}`);
  return row;
}

/** The broadcaster's settings, created on first use with a title from the nickname. */
async function ensureSettings(db: Db, bj: Broadcaster) {
  await db
    .insert(streamSetting)
    .values({ userKey: bj.userKey, title: `${bj.nick}의 방송` })
    .onConflictDoNothing({ target: streamSetting.userKey });
  const [row] = await db.select().from(streamSetting).where(eq(streamSetting.userKey, bj.userKey));
  if (!row) throw new Error(`no stream settings for ${bj.userKey}`);
  return row;
}

async function toSettings(db: Db, row: typeof streamSetting.$inferSelect): Promise<StreamSettings> {
  return {
    mc: row.mcUserKey ? await mcOf(db, row.mcUserKey) : null,
    title: row.title,
    tags: row.tags,
    qualities: row.qualities as Quality[],
    adult_yn: yn(row.adultYn),
    record_yn: yn(row.recordYn),
    login_required_yn: yn(row.loginRequiredYn),
  };
}

async function readInfo(deps: StreamDeps, bj: Broadcaster, reveal: boolean): Promise<StreamInfo> {
  const [key, settings, [live]] = await Promise.all([
    ensureStreamKey(deps.db, bj.userKey),
    ensureSettings(deps.db, bj),
    deps.db
      .select({ vodKey: broadcast.vodKey, title: broadcast.title, startedAt: broadcast.startedAt })
      .from(broadcast)
      .where(and(eq(broadcast.bjUserKey, bj.userKey), eq(broadcast.state, 'live'))),
  ]);
  // The key's own sanction, or a broadcasting suspension by an operator or GM (docs/sanctions.md).
  const suspension = await activeSanction(deps.db, bj.userKey, 'broadcast');
  const ends = [key.sanctionedUntil, suspension?.endsAt].filter((d): d is Date => d instanceof Date && d.getTime() > Date.now());
  const sanctioned = ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
  return {
    rtmp_url: deps.rtmpUrl,
    stream_key: reveal ? key.streamKey : maskStreamKey(key.streamKey),
    revealed_yn: yn(reveal),
    key_created_at: key.createdAt.toISOString(),
    sanctioned_until: sanctioned ? sanctioned.toISOString() : null,
    settings: await toSettings(deps.db, settings),
    adult_verified_yn: yn(bj.adultVerified),
    live: live ? { vod_key: live.vodKey, title: live.title, start_date: live.startedAt.toISOString() } : null,
  };
}

/** GET /mypage/stream_info: the RTMP URL, the key (masked unless revealed), the settings and the live state. */
export async function streamInfo(deps: StreamDeps, request: FastifyRequest, reveal: boolean): Promise<StreamInfo> {
  const bj = await requireBroadcaster(deps.db, request);
  return readInfo(deps, bj, reveal);
}

/**
 * POST /mypage/stream_key_regenerate_proc: a new key replaces the old one, which stops working at once:
 * the ingest checks keys against the database and drops its cached copy on the `stream_key` bus message.
 * A broadcast live on the old key goes on until it ends.
 */
export async function regenerateKey(deps: StreamDeps, request: FastifyRequest, reveal: boolean): Promise<StreamInfo> {
  const bj = await requireBroadcaster(deps.db, request);
  await enforceLimits(deps.bus, [{ key: `streamkey:${bj.userKey}`, ...STREAM_KEY_RATE }]);
  const fresh = newStreamKey();
  await deps.db
    .insert(streamKey)
    .values({ userKey: bj.userKey, streamKey: fresh })
    .onConflictDoUpdate({ target: streamKey.userKey, set: { streamKey: fresh, createdAt: sql`now()` } });
  await deps.bus.publish(STREAM_KEY_CHANNEL, { user_key: bj.userKey } satisfies StreamKeyMessage);
  return readInfo(deps, bj, reveal);
}

interface Validation {
  validation?: { instancePath?: string; message?: string }[];
}

/** The refusal of a body the schema rejected: its own code when the schema names one, else INVALID_INPUT. */
export function settingRefusal(error: Validation): AppError {
  const first = error.validation?.[0];
  const field = (first?.instancePath ?? '').split('/').filter(Boolean)[0] ?? 'body';
  const code = first?.message ?? '';
  if (isStreamRefusal(code) && (STREAM_SETTING_FIELDS as readonly string[]).includes(field)) {
    return new AppError(code, { field, ...STREAM_REFUSAL_PARAMS[code] });
  }
  return invalid(field);
}

/**
 * POST /mypage/update_stream_settinge_proc (SPEC §7). Only what is sent changes (the title always is).
 * An adult broadcast needs an adult-verified account. While live, the current broadcast takes the new
 * title, tags, adult and login-required flags at once and `updated` goes out on the `live` bus channel;
 * quality levels and recording apply from the next broadcast.
 */
export async function updateStreamSettings(
  deps: StreamDeps,
  request: FastifyRequest,
  input: StreamSettingReq,
  refused: Validation | undefined,
): Promise<StreamInfo> {
  const bj = await requireBroadcaster(deps.db, request);
  if (refused) throw settingRefusal(refused);
  if (input.adult_yn === 'Y' && !bj.adultVerified) throw new AppError('STREAM_ADULT_NEEDS_VERIFY', { field: 'adult_yn' });
  await ensureSettings(deps.db, bj);

  const patch: Partial<typeof streamSetting.$inferInsert> = { title: input.title, updatedAt: new Date() };
  if (input.tags !== undefined) patch.tags = input.tags;
  if (input.qualities !== undefined) patch.qualities = input.qualities;
  if (input.adult_yn !== undefined) patch.adultYn = input.adult_yn === 'Y';
  if (input.record_yn !== undefined) patch.recordYn = input.record_yn === 'Y';
  if (input.login_required_yn !== undefined) patch.loginRequiredYn = input.login_required_yn === 'Y';
  if (input.mc_user_key !== undefined) {
    // Another active broadcaster (the picker offers only those); 0 clears.
    const mc = input.mc_user_key === 0 ? null : await mcOf(deps.db, input.mc_user_key);
    if (input.mc_user_key !== 0 && (!mc || mc.user_key === bj.userKey)) throw new AppError('STREAM_MC_INVALID', { field: 'mc_user_key' });
    patch.mcUserKey = mc?.user_key ?? null;
  }
  const livePatch: Partial<typeof broadcast.$inferInsert> = { title: input.title };
  if (patch.tags !== undefined) livePatch.tags = patch.tags;
  if (patch.adultYn !== undefined) livePatch.adultYn = patch.adultYn;
  if (patch.loginRequiredYn !== undefined) livePatch.loginRequiredYn = patch.loginRequiredYn;
  if (patch.mcUserKey !== undefined) livePatch.mcUserKey = patch.mcUserKey;

  const live = await deps.db.transaction(async (tx) => {
    await tx.update(streamSetting).set(patch).where(eq(streamSetting.userKey, bj.userKey));
    return tx
      .update(broadcast)
      .set(livePatch)
      .where(and(eq(broadcast.bjUserKey, bj.userKey), eq(broadcast.state, 'live')))
      .returning({ vodKey: broadcast.vodKey });
  });
  for (const { vodKey } of live) {
    await deps.bus.publish(LIVE_BUS_CHANNEL, { type: 'updated', vod_key: vodKey, bj_user_key: bj.userKey } satisfies LiveBusMessage);
  }
  return readInfo(deps, bj, false);
}

/** GET /pubapi/stream_guide_info: what the public set-up guides fill in. */
export function guideInfo(deps: Pick<StreamDeps, 'rtmpUrl'>): StreamGuideInfo {
  return { rtmp_url: deps.rtmpUrl };
}
