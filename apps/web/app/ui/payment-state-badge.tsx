import type { PaymentState } from '@byeol/contract';
import { useTranslation } from '../i18n/react';

const STATE_STYLE: Record<PaymentState, string> = {
  pending: 'bg-amber-100 text-amber-800',
  paid: 'bg-emerald-100 text-emerald-800',
  cancelled: 'bg-neutral-200 text-neutral-700',
  expired: 'bg-neutral-200 text-neutral-700',
  rejected: 'bg-red-100 text-red-800',
  refunded: 'bg-sky-100 text-sky-800',
};

/**
 * An order's state as a coloured badge (`data-order-state`): its name in the payments texts, or `label`
 * (e.g. a card order waiting at the checkout). One look for the member's order list and the console's.
 */
export function PaymentStateBadge({ state, label }: { state: PaymentState; label?: string }) {
  const { t } = useTranslation('payments');
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[state] ?? ''}`}
      data-order-state={state}
    >
      {label ?? t(`state.${state}`)}
    </span>
  );
}
