import type { Currency } from '@byeol/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { site } from '../site/index.js';
import { insertProduct } from './payments.repository.js';
import { paymentProduct } from './payments.tables.js';

/** The demo packages (docs/payments.md): prices in KRW, amounts with a growing bonus. */
const DEMO_PRODUCTS: Array<{ currency: Currency; amount: number; bonus: number; price: number }> = [
  { currency: 'STAR', amount: 100, bonus: 0, price: 11_000 },
  { currency: 'STAR', amount: 500, bonus: 25, price: 55_000 },
  { currency: 'STAR', amount: 1_000, bonus: 100, price: 110_000 },
  { currency: 'CUBIC', amount: 100, bonus: 0, price: 1_100 },
  { currency: 'CUBIC', amount: 1_000, bonus: 50, price: 11_000 },
  { currency: 'CUBIC', amount: 5_000, bonus: 500, price: 55_000 },
];

/** The demo bank account shown for bank deposits when the site has none set. */
export const DEMO_BANK_ACCOUNT = '데모은행 000-0000-0000-00 (주)별';

/** A few STAR and CUBIC packages, and a demo bank account, once (a second start finds them). */
export async function seedDemoPayments(tx: Tx): Promise<void> {
  const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(paymentProduct).where(eq(paymentProduct.isDemo, true));
  if ((existing[0]?.n ?? 0) > 0) return;
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    await insertProduct(tx, { ...p, onSale: true, sort: i + 1 }, true);
  }
  await tx
    .update(site)
    .set({ footer: sql`jsonb_set(${site.footer}, '{bank_account_nm}', to_jsonb(${DEMO_BANK_ACCOUNT}::text))` })
    .where(sql`coalesce(${site.footer}->>'bank_account_nm', '') = ''`);
}
