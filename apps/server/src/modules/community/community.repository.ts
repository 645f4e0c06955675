import type { MagazineListItem } from '@byeol/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { magazine } from './community.tables.js';

/** Published magazine articles, newest first. */
export async function listMagazine(db: Db, offset: number, limit: number): Promise<{ list: MagazineListItem[]; total: number }> {
  const where = eq(magazine.viewYn, true);
  const [rows, [total]] = await Promise.all([
    db.select().from(magazine).where(where).orderBy(desc(magazine.publishedAt), desc(magazine.miSn)).offset(offset).limit(limit),
    db.select({ n: count() }).from(magazine).where(where),
  ]);
  const list = rows.map((m) => ({
    mi_sn: m.miSn,
    title: m.title,
    summary: m.summary,
    image: m.image,
    view_cnt: m.viewCnt,
    publish_date: m.publishedAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0 };
}
