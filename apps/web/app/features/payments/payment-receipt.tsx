import type { PaymentOrder } from '@byeol/contract';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { type OrderFact, OrderFacts } from './payment-panel';
import { cardReceipt } from './payments-api';

/**
 * The "receipt" action of a paid or refunded order (docs/payments.md, "Receipts"). A card order opens the
 * PG's receipt (the card sales slip) in a new window: the window is opened during the click (a popup the
 * browser allows), then sent to the URL the server asked the PG for, or closed with the refusal shown here.
 * A bank deposit order shows our own receipt in a dialog, from the order itself.
 */
export function ReceiptButton({ order, className }: { order: PaymentOrder; className: string }) {
  const { t } = useTranslation('payments');
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function openCard() {
    if (busy) return;
    setError('');
    const win = window.open('', '_blank');
    if (!win) {
      setError(t('receipt.popupBlocked'));
      return;
    }
    // The PG's page gets no handle on ours.
    win.opener = null;
    setBusy(true);
    const res = await cardReceipt(order.user_payment_log_sn, t('error.retry'));
    setBusy(false);
    if (isOk(res)) {
      win.location.href = res.rslt_set.receipt_url;
      return;
    }
    win.close();
    if (!loginRequired(res)) setError(res.rslt_msg || t('error.retry'));
  }

  function open() {
    if (order.method === 'card') {
      void openCard();
      return;
    }
    void dialog.layer((close) => <BankbookReceipt order={order} onClose={() => close()} />, { title: t('receipt.title') });
  }

  return (
    <>
      <button type="button" disabled={busy} onClick={open} className={className} data-order-receipt={order.method}>
        {busy ? t('receipt.opening') : t('receipt.open')}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600" data-order-receipt-error>
          {error}
        </p>
      )}
    </>
  );
}

/** Our receipt of a paid (or refunded) bank deposit order: order, product, amount, depositor, time, cash receipt. */
function BankbookReceipt({ order, onClose }: { order: PaymentOrder; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const lang = useLang();
  const cashReceipt =
    order.cash_receipt_type === 'none' ? t('receiptType.none') : `${t(`receiptType.${order.cash_receipt_type}`)} ${order.cash_receipt_no}`;
  const rows: OrderFact[] = [
    ['order-no', t('receipt.orderNo'), order.order_no],
    ['product', t('receipt.product'), order.product_nm],
    ['amount', t('receipt.amount'), t('won', { n: formatNumber(order.price, lang) })],
    ['depositor', t('receipt.depositor'), order.depositor_nm],
    ['paid-at', t('receipt.paidAt'), order.paid_at ? kstDate(order.paid_at, true) : ''],
    ['cash-receipt', t('receipt.cashReceipt'), cashReceipt],
  ];
  if (order.refunded_at) rows.push(['refunded-at', t('receipt.refundedAt'), kstDate(order.refunded_at, true)]);

  return (
    <section className="p-5" data-bankbook-receipt={order.user_payment_log_sn}>
      <h2 className="text-lg font-bold">{t('receipt.heading')}</h2>
      {order.state === 'refunded' && (
        <p className="mt-2 rounded-lg bg-sky-50 p-2 text-sm text-sky-800" data-receipt-refunded>
          {t('receipt.refundedNote')}
        </p>
      )}
      <div className="mt-4">
        <OrderFacts rows={rows} attr="data-receipt" />
      </div>
      <button
        type="button"
        onClick={onClose}
        className="mt-5 min-h-10 w-full rounded-lg border border-neutral-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-neutral-100"
      >
        {t('receipt.close')}
      </button>
    </section>
  );
}
