import type { Sanction, SanctionKind } from '@byeol/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Exec } from '../../platform/db.js';
import { users } from '../users/index.js';
import { sanction } from './sanctions.tables.js';

/** In force now: not lifted and not over. */
const inForce = and(isNull(sanction.liftedAt), gt(sanction.endsAt, sql`now()`));

/** The member's sanction of `kind` in force now that ends last, or null. */
export async function activeSanction(db: Exec, userKey: number, kind: SanctionKind): Promise<{ endsAt: Date; reason: string } | null> {
  const [row] = await db
    .select({ endsAt: sanction.endsAt, reason: sanction.reason })
    .from(sanction)
    .where(and(eq(sanction.userKey, userKey), eq(sanction.kind, kind), inForce))
    .orderBy(desc(sanction.endsAt))
    .limit(1);
  return row ?? null;
}

export async function insertSanction(
  db: Exec,
  v: { userKey: number; kind: SanctionKind; reason: string; hours: number; createdBy: number },
): Promise<number> {
  const [row] = await db
    .insert(sanction)
    .values({
      userKey: v.userKey,
      kind: v.kind,
      reason: v.reason,
      endsAt: sql`now() + make_interval(hours => ${v.hours})`,
      createdBy: v.createdBy,
    })
    .returning({ sn: sanction.sanctionSn });
  if (!row) throw new Error('insert returned no row');
  return row.sn;
}

/** Lifts a sanction in force; answers its kind, or null when there is none in force with that number. */
export async function liftSanction(db: Exec, sn: number, by: number): Promise<SanctionKind | null> {
  const [row] = await db
    .update(sanction)
    .set({ liftedAt: sql`now()`, liftedBy: by })
    .where(and(eq(sanction.sanctionSn, sn), inForce))
    .returning({ kind: sanction.kind });
  return row?.kind ?? null;
}

export async function sanctionKindOf(db: Exec, sn: number): Promise<SanctionKind | null> {
  const [row] = await db.select({ kind: sanction.kind }).from(sanction).where(eq(sanction.sanctionSn, sn));
  return row?.kind ?? null;
}

const creator = alias(users, 'creator');

/** Sanctions with the member's and the creator's names. */
const withNames = (db: Exec) =>
  db
    .select({
      s: sanction,
      id: users.id,
      nick: users.nick,
      creatorNick: creator.nick,
      active: sql<boolean>`(${sanction.liftedAt} is null and ${sanction.endsAt} > now())`,
    })
    .from(sanction)
    .innerJoin(users, eq(users.userKey, sanction.userKey))
    .leftJoin(creator, eq(creator.userKey, sanction.createdBy));

export async function listSanctions(
  db: Exec,
  q: { state: 'active' | 'all'; userKey?: number | undefined; offset: number; limit: number },
): Promise<{ list: Sanction[]; total: number }> {
  const where = and(q.state === 'active' ? inForce : undefined, q.userKey === undefined ? undefined : eq(sanction.userKey, q.userKey));
  const [rows, [counted]] = await Promise.all([
    withNames(db).where(where).orderBy(desc(sanction.sanctionSn)).offset(q.offset).limit(q.limit),
    db.select({ n: count() }).from(sanction).where(where),
  ]);
  return { list: rows.map(toSanction), total: counted?.n ?? 0 };
}

export async function findSanction(db: Exec, sn: number): Promise<Sanction | null> {
  const [row] = await withNames(db).where(eq(sanction.sanctionSn, sn));
  return row ? toSanction(row) : null;
}
function toSanction(r: {
  s: typeof sanction.$inferSelect;
  id: string;
  nick: string;
  creatorNick: string | null;
  active: boolean;
}): Sanction {
  return {
    sanction_sn: r.s.sanctionSn,
    user_key: r.s.userKey,
    id: r.id,
    nick: r.nick,
    kind: r.s.kind,
    reason: r.s.reason,
    starts_at: r.s.startsAt.toISOString(),
    ends_at: r.s.endsAt.toISOString(),
    lifted_at: r.s.liftedAt ? r.s.liftedAt.toISOString() : null,
    created_by_nick: r.creatorNick ?? '',
    active_yn: r.active ? 'Y' : 'N',
  };
}
