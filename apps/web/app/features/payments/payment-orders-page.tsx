import type { ListSet, PaymentOrder } from '@byeol/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { useLoginRequired } from '../../lib/use-login-required';
import { useMoreList } from '../../lib/use-more-list';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { LinkTabs } from '../../ui/link-tabs';
import { EmptyNote, MoreButton } from '../../ui/list-ui';
import { PaymentStateBadge } from '../../ui/payment-state-badge';
import { completeBankbookPath, FORM_BANKBOOK_PATH, openPaymentPopup } from './bankbook-popups';
import { ChargeButton } from './charge-button';
import { ReceiptButton } from './payment-receipt';
import { canCancel, hasReceipt, shownState } from './payment-rules';
import { cancelDeposit, type OrderBox, orderList, PAYMENT_PAGE_SIZE } from './payments-api';

const smallButton =
  'min-h-10 rounded-lg border border-neutral-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-neutral-100 disabled:opacity-50';

/**
 * /mypage/payment (all the viewer's orders) and /mypage/payment/bankbook (bank deposit orders with a cancel
 * button for pending ones): newest first, PAYMENT_PAGE_SIZE at a time with "more". `now` is the loader's
 * clock, so the server render and the browser agree on which pending orders are already expired.
 */
export function PaymentOrdersPage({ box, initial, now }: { box: OrderBox; initial: ListSet<PaymentOrder> | null; now: number }) {
  const { t } = useTranslation('payments');
  const list = useMoreList(
    initial,
    (offset) => orderList(box, { offset, limit: PAYMENT_PAGE_SIZE }, t('error.retry')),
    (o) => o.user_payment_log_sn,
    t('error.retry'),
  );
  const tabs = [
    { key: 'all', to: '/mypage/payment', text: t('orders.all') },
    { key: 'bankbook', to: '/mypage/payment/bankbook', text: t('orders.bankbook') },
  ];

  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-payment-orders={box}>
      <p className="mb-2 text-sm">
        <Link to="/mypage" className="text-brand underline-offset-2 hover:underline">
          {t('orders.back')}
        </Link>
      </p>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{box === 'bankbook' ? t('links.bankbook') : t('orders.title')}</h1>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {box === 'bankbook' && (
            <button type="button" className={smallButton} onClick={() => openPaymentPopup(FORM_BANKBOOK_PATH)} data-open-form-bankbook>
              {t('popup.openForm')}
            </button>
          )}
          <ChargeButton />
        </div>
      </div>
      <LinkTabs label={t('orders.tabs')} tabs={tabs} current={box} />
      {initial === null ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-6 text-center text-red-700">
          {t('orders.loadFailed')}
        </p>
      ) : list.rows.length === 0 ? (
        <EmptyNote name={box} text={box === 'bankbook' ? t('orders.emptyBankbook') : t('orders.empty')} />
      ) : (
        <ul className="mt-6 space-y-3" data-order-list={box}>
          {list.rows.map((order) => (
            <OrderRow key={order.user_payment_log_sn} order={order} now={now} onChanged={list.replace} />
          ))}
        </ul>
      )}
      {initial !== null && list.hasMore && <MoreButton onMore={list.more} busy={list.busy} error={list.error} />}
    </div>
  );
}

function OrderRow({ order, now, onChanged }: { order: PaymentOrder; now: number; onChanged: (order: PaymentOrder) => void }) {
  const { t } = useTranslation('payments');
  const lang = useLang();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const state = shownState(order, now);

  async function cancel() {
    if (busy) return;
    if (!(await dialog.confirm(t('orders.cancelConfirm', { orderNo: order.order_no }), { yesNo: true }))) return;
    setBusy(true);
    setNote(null);
    const res = await cancelDeposit(order.user_payment_log_sn, t('error.retry'));
    setBusy(false);
    if (isOk(res)) {
      setNote({ ok: true, text: t('orders.cancelled') });
      onChanged(res.rslt_set?.user_payment_log_sn ? res.rslt_set : { ...order, state: 'cancelled' });
      return;
    }
    if (loginRequired(res)) return;
    setNote({ ok: false, text: res.rslt_msg || t('error.retry') });
  }

  return (
    <li className="rounded-2xl border border-neutral-200 p-4" data-order={order.user_payment_log_sn} data-state={state}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold" data-order-product>
          {order.product_nm}
        </span>
        <PaymentStateBadge state={state} label={state === 'pending' && order.method === 'card' ? t('state.pendingCard') : undefined} />
        <span className="ml-auto font-bold tabular-nums" data-order-price={order.price}>
          {t('won', { n: formatNumber(order.price, lang) })}
        </span>
      </p>
      <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-neutral-500">
        <span data-order-no>{order.order_no}</span>
        <span>{t(`method.${order.method}`)}</span>
        <span>{t('orders.placed', { date: kstDate(order.created_at, true) })}</span>
        {state === 'pending' && <span data-order-deadline>{t('orders.deadline', { date: kstDate(order.deadline_at, true) })}</span>}
        {order.paid_at && <span>{t('orders.paid', { date: kstDate(order.paid_at, true) })}</span>}
        {order.refunded_at && <span>{t('orders.refunded', { date: kstDate(order.refunded_at, true) })}</span>}
        {order.card_no && <span data-order-card>{t('orders.card', { no: order.card_no })}</span>}
      </p>
      {order.method === 'bankbook' && (
        <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-neutral-500">
          <span>{t('orders.depositor', { name: order.depositor_nm })}</span>
          {state === 'pending' && <span data-order-account>{order.bank_account_nm}</span>}
          {order.cash_receipt_type !== 'none' && (
            <span>{t('orders.receipt', { type: t(`receiptType.${order.cash_receipt_type}`), no: order.cash_receipt_no })}</span>
          )}
        </p>
      )}
      {state === 'pending' && order.method === 'bankbook' && (
        <button
          type="button"
          onClick={() => openPaymentPopup(completeBankbookPath(order.user_payment_log_sn))}
          data-order-details
          className={`${smallButton} mt-3 mr-2`}
        >
          {t('popup.openComplete')}
        </button>
      )}
      {hasReceipt(order, now) && <ReceiptButton order={order} className={`${smallButton} mt-3 mr-2`} />}
      {canCancel(order, now) && (
        <button type="button" disabled={busy} onClick={() => void cancel()} data-order-cancel className={`${smallButton} mt-3`}>
          {busy ? t('orders.cancelling') : t('orders.cancel')}
        </button>
      )}
      {note && (
        <p role={note.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${note.ok ? 'text-emerald-700' : 'text-red-600'}`} data-order-note>
          {note.text}
        </p>
      )}
    </li>
  );
}
