import { type AdminPaymentOrder, PAYMENT_METHODS, PAYMENT_STATES } from '@byeol/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Form, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { kstDate } from '../../lib/format';
import { useWon } from '../../lib/use-won';
import { useDialog } from '../../ui/dialogs';
import { primaryButton, secondaryButton } from '../../ui/fields';
import { PaymentStateBadge } from '../../ui/payment-state-badge';
import type { AdminList } from './admin.server';
import { type OrderDetail, orderDetail, refundOrder } from './admin-api';
import {
  ActionDialog,
  AdminEmpty,
  AdminTable,
  AuditTable,
  cellClass,
  inputClass,
  ListError,
  MemberCell,
  Pager,
  ScreenTitle,
  smallButton,
} from './admin-ui';

const FILTERS = ['order_no', 'member', 'state', 'method', 'date_from', 'date_to'] as const;

/**
 * Orders of every method by order number, member, state, method and placed dates (KST), newest first; the
 * filters live in the URL (a GET form), so a search can be reloaded and shared. An order opens its detail
 * with its audit trail and, when paid, the manual refund.
 */
export function OrdersPage({ data, page }: { data: AdminList<AdminPaymentOrder>; page: number }) {
  const { t } = useTranslation('admin');
  const tp = useTranslation('payments').t;
  const won = useWon();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const searching = navigation.state !== 'idle';
  const bad = data.ok ? '' : data.field;

  async function open(order: AdminPaymentOrder) {
    await dialog.layer<boolean>((close) => <OrderDetailView sn={order.user_payment_log_sn} close={close} />, {
      title: t('orders.detailTitle', { orderNo: order.order_no }),
    });
    // A refund may have changed the order (also when the dialog was dismissed with Escape).
    void revalidator.revalidate();
  }

  const field = (name: (typeof FILTERS)[number], input: ReactNode) => (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-xs font-semibold text-neutral-600">
        {t(`orders.filter.${name}`)}
      </label>
      {input}
    </div>
  );
  const props = (name: (typeof FILTERS)[number]) => ({
    name,
    id: `filter-${name}`,
    defaultValue: params.get(name) ?? '',
    'aria-invalid': bad === name,
    className: `${inputClass} mt-1`,
  });

  return (
    <div data-admin-orders>
      <ScreenTitle title={t('orders.title')} />
      <Form method="get" className="grid gap-3 rounded-xl border border-neutral-200 p-4 sm:grid-cols-3" data-orders-filter>
        {field('order_no', <input {...props('order_no')} />)}
        {field('member', <input {...props('member')} placeholder={t('orders.filter.memberHint')} />)}
        {field(
          'state',
          <select {...props('state')}>
            <option value="">{t('orders.filter.any')}</option>
            {PAYMENT_STATES.map((s) => (
              <option key={s} value={s}>
                {tp(`state.${s}`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          'method',
          <select {...props('method')}>
            <option value="">{t('orders.filter.any')}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {tp(`method.${m}`)}
              </option>
            ))}
          </select>,
        )}
        {field('date_from', <input type="date" {...props('date_from')} />)}
        {field('date_to', <input type="date" {...props('date_to')} />)}
        <div className="flex gap-2 sm:col-span-3">
          <button type="submit" className={primaryButton} disabled={searching} data-orders-search>
            {searching ? t('orders.searching') : t('orders.search')}
          </button>
          <a href="/admin/orders" className={secondaryButton}>
            {t('orders.reset')}
          </a>
        </div>
      </Form>
      {!data.ok ? (
        <ListError message={data.message} />
      ) : data.list.data_list.length === 0 ? (
        <AdminEmpty name="orders" text={t('orders.empty')} />
      ) : (
        <div className="mt-4">
          <AdminTable
            heads={[
              t('orders.orderNo'),
              t('orders.member'),
              t('orders.product'),
              t('orders.price'),
              t('orders.method'),
              t('orders.state'),
              t('orders.placed'),
            ]}
          >
            {data.list.data_list.map((o) => (
              <tr key={o.user_payment_log_sn} className="border-t border-neutral-100" data-order-row={o.order_no}>
                <td className={cellClass}>
                  <button type="button" className="font-mono text-xs text-brand underline" onClick={() => void open(o)} data-order-open>
                    {o.order_no}
                  </button>
                </td>
                <td className={cellClass}>
                  <MemberCell nick={o.nick} id={o.id} />
                </td>
                <td className={cellClass}>{o.product_nm}</td>
                <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{won(o.price)}</td>
                <td className={cellClass}>{tp(`method.${o.method}`)}</td>
                <td className={cellClass}>
                  <PaymentStateBadge state={o.state} />
                </td>
                <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{kstDate(o.created_at, true)}</td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
      {data.ok && <Pager page={page} total={data.list.data_totalcount} busy={searching} />}
    </div>
  );
}

/** One order: its fields, its audit trail and, when paid, the refund. Closes with true when it changed. */
function OrderDetailView({ sn, close }: { sn: number; close: (changed?: boolean) => void }) {
  const { t } = useTranslation('admin');
  const tp = useTranslation('payments').t;
  const won = useWon();
  const dialog = useDialog();
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [error, setError] = useState('');
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void orderDetail(sn, t('error.retry')).then((res) => {
      if (!live) return;
      if (isOk(res)) setDetail(res.rslt_set);
      else setError(res.rslt_msg || t('error.retry'));
    });
    return () => {
      live = false;
    };
  }, [sn, t]);

  async function refund(order: AdminPaymentOrder) {
    setBusy(true);
    const done = await dialog.layer<AdminPaymentOrder>(
      (closeRefund) => (
        <ActionDialog
          intro={
            <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {t('refund.warning', { product: order.product_nm, price: won(order.price) })}
            </p>
          }
          fields={[{ name: 'reason', label: t('refund.reason'), value: '' }]}
          submitLabel={t('refund.submit')}
          danger
          onSubmit={(v) => refundOrder(order.user_payment_log_sn, v.reason ?? '', t('error.retry'))}
          close={closeRefund}
        />
      ),
      { title: t('refund.title', { orderNo: order.order_no }) },
    );
    setBusy(false);
    if (!done) return;
    setChanged(true);
    dialog.toast(t('refund.done', { orderNo: order.order_no }));
    const res = await orderDetail(sn, t('error.retry'));
    if (isOk(res)) setDetail(res.rslt_set);
  }

  if (!detail) {
    return (
      <div className="p-4" data-order-detail="loading">
        {error ? <ListError message={error} /> : <p className="text-neutral-500">{t('list.loading')}</p>}
      </div>
    );
  }
  const o = detail.order;
  type Row = 'member' | 'product' | 'price' | 'method' | 'state' | 'placed' | 'depositor' | 'deposited' | 'paid';
  const rows: [Row, ReactNode][] = [
    ['member', <MemberCell key="m" nick={o.nick} id={o.id} />],
    ['product', o.product_nm],
    ['price', won(o.price)],
    ['method', tp(`method.${o.method}`)],
    ['state', <PaymentStateBadge key="s" state={o.state} />],
    ['placed', kstDate(o.created_at, true)],
    ['depositor', o.depositor_nm],
    ['deposited', o.deposited_at ? `${o.deposited_nm ?? ''} · ${won(o.deposited_amount ?? 0)} · ${kstDate(o.deposited_at, true)}` : '-'],
    ['paid', o.paid_at ? kstDate(o.paid_at, true) : '-'],
  ];
  return (
    <div className="space-y-4 p-4 text-neutral-900" data-order-detail={o.order_no} data-state={o.state}>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {rows.map(([key, value]) => (
          <div key={key} className="rounded-lg bg-neutral-50 px-3 py-2" data-detail={key}>
            <dt className="text-xs font-semibold text-neutral-500">{t(`orders.${key}`)}</dt>
            <dd className="mt-0.5">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="text-sm font-bold">{t('orders.trail')}</h2>
      {detail.audit.length === 0 ? <AdminEmpty name="trail" text={t('orders.trailEmpty')} /> : <AuditTable entries={detail.audit} />}
      <div className="flex justify-end gap-2">
        {o.state === 'paid' && (
          <button type="button" className={`${smallButton} text-red-700`} disabled={busy} onClick={() => void refund(o)} data-order-refund>
            {t('refund.open')}
          </button>
        )}
        <button type="button" className={smallButton} onClick={() => close(changed)}>
          {t('dialog.close')}
        </button>
      </div>
    </div>
  );
}
