import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { savePlan } from './supporters.repository.js';
import { supporterPlan } from './supporters.tables.js';

/** The demo plans (docs/supporters.md): KRW per month. */
const DEMO_PLAN_PRICES = [3_300, 5_500, 11_000];

/** The demo supporter plans, once (a second start finds them). */
export async function seedDemoSupporterPlans(tx: Tx): Promise<void> {
  const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(supporterPlan).where(eq(supporterPlan.isDemo, true));
  if ((existing[0]?.n ?? 0) > 0) return;
  for (const [i, price] of DEMO_PLAN_PRICES.entries()) await savePlan(tx, undefined, { price, onSale: true, sort: i + 1 }, true);
}
