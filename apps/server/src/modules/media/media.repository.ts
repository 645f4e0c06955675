import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { broadcast, streamKey, streamSetting } from '../live/index.js';
import { activeSanction } from '../sanctions/index.js';
import { users } from '../users/index.js';

/** Why a broadcast ended (broadcast.end_reason). */
export type EndReason = 'publisher_gone' | 'frozen' | 'shutdown' | 'error';

/** The broadcaster behind a stream key, with what decides whether the key may publish and the settings to copy. */
export async function findPublisher(db: Db, key: string) {
  const [row] = await db
    .select({
      userKey: users.userKey,
      nick: users.nick,
      typeCd: users.typeCd,
      state: users.state,
      sanctionedUntil: streamKey.sanctionedUntil,
      setting: {
        title: streamSetting.title,
        tags: streamSetting.tags,
        qualities: streamSetting.qualities,
        adultYn: streamSetting.adultYn,
        recordYn: streamSetting.recordYn,
        loginRequiredYn: streamSetting.loginRequiredYn,
        mcUserKey: streamSetting.mcUserKey,
      },
    })
    .from(streamKey)
    .innerJoin(users, eq(users.userKey, streamKey.userKey))
    .leftJoin(streamSetting, eq(streamSetting.userKey, streamKey.userKey))
    .where(eq(streamKey.streamKey, key));
  return row ?? null;
}
export type Publisher = NonNullable<Awaited<ReturnType<typeof findPublisher>>>;

/** Why a key may not publish now, or null when it may. */
export function refusal(p: Publisher | null, now = new Date(), suspendedUntil: Date | null = null): string | null {
  if (!p) return 'unknown key';
  if (p.state !== 'active') return 'account closed';
  if (p.typeCd !== 'bj') return 'not a broadcaster';
  if (p.sanctionedUntil && p.sanctionedUntil > now) return 'sanctioned';
  // A broadcasting (or account) suspension by an operator or GM (docs/sanctions.md).
  if (suspendedUntil && suspendedUntil > now) return 'suspended';
  return null;
}

/** When the broadcaster's broadcasting or account suspension ends, if one is in force. */
export async function suspendedUntil(db: Db, userKey: number): Promise<Date | null> {
  const [b, a] = await Promise.all([activeSanction(db, userKey, 'broadcast'), activeSanction(db, userKey, 'account')]);
  const ends = [b?.endsAt, a?.endsAt].filter((d): d is Date => d !== undefined);
  return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
}

/** The live row of a new broadcast, or null when the broadcaster is already live (one live broadcast per BJ). */
export async function createBroadcast(db: Db, values: typeof broadcast.$inferInsert) {
  try {
    const [row] = await db.insert(broadcast).values(values).returning();
    return row ?? null;
  } catch (err) {
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') return null;
    throw err;
  }
}

/**
 * A demo live room of this broadcaster (a seeded row: live, `is_demo`, decision 005), taken over by a
 * publish with its key instead of a new row: it gets the media folder `live/{its vod_key}` and the copied
 * source level only. Null when the broadcaster has none (then the publish makes a new row as usual).
 */
export async function adoptDemoBroadcast(db: Db, bjUserKey: number) {
  const [row] = await db
    .update(broadcast)
    .set({ mediaDir: sql`'live/' || ${broadcast.vodKey}`, qualities: ['high'], thumbnail: '' })
    .where(and(eq(broadcast.bjUserKey, bjUserKey), eq(broadcast.state, 'live'), eq(broadcast.isDemo, true)))
    .returning();
  return row ?? null;
}

/**
 * A demo live room whose stream ended goes back to a seeded row without media (still live, so the next
 * start finds it again); answers false when it was no longer live (frozen meanwhile).
 */
export async function detachDemoBroadcast(db: Db, vodKey: string): Promise<boolean> {
  const rows = await db
    .update(broadcast)
    .set({ mediaDir: '', thumbnail: '' })
    .where(and(eq(broadcast.vodKey, vodKey), eq(broadcast.state, 'live'), eq(broadcast.isDemo, true)))
    .returning({ vodKey: broadcast.vodKey });
  return rows.length > 0;
}

export async function setThumbnail(db: Db, vodKey: string, thumbnail: string) {
  await db.update(broadcast).set({ thumbnail }).where(eq(broadcast.vodKey, vodKey));
}

/** live → ended; answers false when it was no longer live (frozen meanwhile, or ended elsewhere). */
export async function endBroadcast(db: Db, vodKey: string, reason: EndReason, replay: boolean): Promise<boolean> {
  const rows = await db
    .update(broadcast)
    .set({ state: 'ended', endedAt: new Date(), endReason: reason, replayYn: replay })
    .where(and(eq(broadcast.vodKey, vodKey), eq(broadcast.state, 'live')))
    .returning({ vodKey: broadcast.vodKey });
  return rows.length > 0;
}

/** live → frozen by an operator; answers the row, or null when it is not live. */
export async function freezeBroadcast(db: Db, vodKey: string, by: number) {
  const now = new Date();
  const [row] = await db
    .update(broadcast)
    .set({ state: 'frozen', frozenAt: now, frozenBy: by, endedAt: now, endReason: 'frozen' })
    .where(and(eq(broadcast.vodKey, vodKey), eq(broadcast.state, 'live')))
    .returning({ vodKey: broadcast.vodKey, bjUserKey: broadcast.bjUserKey });
  return row ?? null;
}

export async function findBroadcast(db: Db, vodKey: string) {
  const [row] = await db.select().from(broadcast).where(eq(broadcast.vodKey, vodKey));
  return row ?? null;
}

/** The stream key a live broadcast's broadcaster holds now (for a web process without the ingest). */
export async function liveStreamKey(db: Db, vodKey: string): Promise<string | null> {
  const [row] = await db
    .select({ key: streamKey.streamKey })
    .from(broadcast)
    .innerJoin(streamKey, eq(streamKey.userKey, broadcast.bjUserKey))
    .where(and(eq(broadcast.vodKey, vodKey), eq(broadcast.state, 'live')));
  return row?.key ?? null;
}

/**
 * Live rows with media that no ingest may be writing any more (a crashed process): started over a minute
 * ago, or demo rooms (seeded long before, their media attached at each start). The caller checks their folders.
 */
export async function liveWithMedia(db: Db) {
  return db
    .select({
      vodKey: broadcast.vodKey,
      mediaDir: broadcast.mediaDir,
      bjUserKey: broadcast.bjUserKey,
      qualities: broadcast.qualities,
      isDemo: broadcast.isDemo,
    })
    .from(broadcast)
    .where(
      and(
        eq(broadcast.state, 'live'),
        sql`${broadcast.mediaDir} <> ''`,
        sql`(${broadcast.isDemo} or ${broadcast.startedAt} < now() - interval '1 minute')`,
      ),
    );
}
