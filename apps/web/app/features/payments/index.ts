// The payments feature's public surface: what other features may import (docs/architecture.md#boundaries).
// Everything else in this folder is private to it; a route module may still import any file of it.
export { openBillingAuth, openCheckout } from './card-checkout';
export { ChargeButton } from './charge-button';
export { PaymentLinks } from './payment-links';
export type { PgFailure } from './payment-rules';
export { PgConfirmView, PgFailView, ResultFrame, ResultRow, usePgConfirm } from './pg-result-page';
