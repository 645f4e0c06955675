import type { LiveListItem, VodListItem } from '@byeol/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { users } from '../users/users.tables.js';
import { broadcast } from './live.tables.js';

const bjColumns = {
  user_key: users.userKey,
  id: users.id,
  nick: users.nick,
  profile_image: users.profileImage,
};

function base(row: typeof broadcast.$inferSelect, bj: LiveListItem['bj']) {
  return {
    vod_key: row.vodKey,
    title: row.title,
    tags: row.tags,
    thumbnail: row.thumbnail,
    like_cnt: row.likeCnt,
    adult_yn: row.adultYn ? ('Y' as const) : ('N' as const),
    start_date: row.startedAt.toISOString(),
    bj,
  };
}

export async function listLive(db: Db, order: 'viewer' | 'recent', offset: number, limit: number) {
  const where = eq(broadcast.state, 'live');
  const [rows, [total]] = await Promise.all([
    db
      .select({ b: broadcast, bj: bjColumns })
      .from(broadcast)
      .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
      .where(where)
      .orderBy(
        ...(order === 'viewer' ? [desc(broadcast.viewerCnt), desc(broadcast.startedAt)] : [desc(broadcast.startedAt)]),
        desc(broadcast.broadcastSn),
      )
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(broadcast).where(where),
  ]);
  const list: LiveListItem[] = rows.map(({ b, bj }) => ({ ...base(b, bj), viewer_cnt: b.viewerCnt }));
  return { list, total: total?.n ?? 0 };
}

export async function listReplays(db: Db, offset: number, limit: number) {
  const where = and(eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true));
  const [rows, [total]] = await Promise.all([
    db
      .select({ b: broadcast, bj: bjColumns })
      .from(broadcast)
      .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
      .where(where)
      .orderBy(desc(broadcast.endedAt), desc(broadcast.broadcastSn))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(broadcast).where(where),
  ]);
  const list: VodListItem[] = rows.map(({ b, bj }) => ({
    ...base(b, bj),
    peak_viewer_cnt: b.peakViewerCnt,
    end_date: (b.endedAt ?? b.startedAt).toISOString(),
    duration_sec: Math.max(0, Math.round(((b.endedAt ?? b.startedAt).getTime() - b.startedAt.getTime()) / 1000)),
  }));
  return { list, total: total?.n ?? 0 };
}
