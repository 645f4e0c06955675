/**
 * The card payment gateway (PG) seen by Byeol (docs/payments.md, "Card payments"). One adapter speaks
 * Toss Payments' documented server API (https://docs.tosspayments.com/reference); which base URL and keys
 * it uses is configuration: the real provider in production, or the built-in test PG (`pg/test-pg.ts`), a
 * local server speaking the same API with a browser checkout page, for development, the demo and the tests.
 *
 * Every call that moves money carries an idempotency key, so a retried request never charges or refunds
 * twice at the provider.
 */

/** A payment as the provider reports it (Toss' Payment object, the fields Byeol reads). */
export interface PgPayment {
  paymentKey: string;
  /** Our order number (user_payment_log.order_no or a supporters charge number). */
  orderId: string;
  orderName: string;
  /** READY | IN_PROGRESS | DONE | CANCELED | PARTIAL_CANCELED | ABORTED | EXPIRED (Toss). */
  status: string;
  /** KRW charged. */
  totalAmount: number;
  /** KRW still charged after cancellations. */
  balanceAmount: number;
  /** '카드' for card payments. */
  method: string;
  approvedAt: string | null;
  /** The masked card number and issuer, when paid by card. */
  card: { number: string; issuerCode: string } | null;
  /** The provider's receipt page of the payment (the card sales slip, 매출전표; Toss: `receipt.url`), when it has one. */
  receiptUrl: string | null;
}

/** A billing key for auto-pay (Toss: POST /v1/billing/authorizations/issue). */
export interface PgBillingKey {
  billingKey: string;
  customerKey: string;
  card: { number: string; issuerCode: string } | null;
}

/** What the browser needs to open the provider's checkout for one order. */
export interface PgCheckout {
  /** 'toss': load the provider's SDK with `clientKey`; 'test': open `checkoutUrl` (our test PG's page). */
  provider: 'toss' | 'test';
  clientKey: string;
  /** The test PG's checkout page (empty for the real provider, whose SDK opens its own). */
  checkoutUrl: string;
}

/** The provider refused or failed: its code (e.g. ALREADY_PROCESSED_PAYMENT) and message, and the HTTP status. */
export class PgError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PgError';
  }
}

export interface PgClient {
  /** How the browser opens the checkout (payment: one charge; billing: a card registered for auto-pay). */
  checkout(mode: 'payment' | 'billing'): PgCheckout;
  /** Approve a payment after the checkout redirected back with paymentKey, orderId and amount. */
  confirm(input: { paymentKey: string; orderId: string; amount: number; idempotencyKey: string }): Promise<PgPayment>;
  /** The provider's current view of a payment (webhooks are re-checked with it). */
  getPayment(paymentKey: string): Promise<PgPayment>;
  /**
   * The payment of one of our order numbers (the reconcile job asks about orders the browser never
   * confirmed); a PgError NOT_FOUND_PAYMENT (404) when the provider has none.
   */
  getPaymentByOrderId(orderId: string): Promise<PgPayment>;
  /** Refund the whole payment (or `amount` of it). */
  cancel(input: { paymentKey: string; reason: string; amount?: number; idempotencyKey: string }): Promise<PgPayment>;
  /** Turn the authKey of a billing checkout into a billing key. */
  issueBillingKey(input: { authKey: string; customerKey: string }): Promise<PgBillingKey>;
  /** Charge a billing key (auto-pay). */
  chargeBillingKey(input: {
    billingKey: string;
    customerKey: string;
    orderId: string;
    orderName: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<PgPayment>;
}
