import type { AdminPaymentOrder } from '@byeol/contract';
import { useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { kstDate } from '../../lib/format';
import { useWon } from '../../lib/use-won';
import { useDialog } from '../../ui/dialogs';
import type { AdminList } from './admin.server';
import { confirmDeposit, rejectDeposit } from './admin-api';
import { kstMinute } from './admin-rules';
import { ActionDialog, AdminEmpty, AdminTable, cellClass, ListError, MemberCell, Pager, RowActions, ScreenTitle } from './admin-ui';

/**
 * Pending bank deposits, oldest first: confirm with what the bank statement shows (prefilled from the order,
 * editable) or reject with a reason. A refusal shows in the dialog; on success the row leaves the list.
 */
export function DepositsPage({ data, page }: { data: AdminList<AdminPaymentOrder>; page: number }) {
  const { t } = useTranslation('admin');
  const won = useWon();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [gone, setGone] = useState<number[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  if (!data.ok) return <ListError message={data.message} />;
  const rows = data.list.data_list.filter((o) => !gone.includes(o.user_payment_log_sn));

  async function act(order: AdminPaymentOrder, kind: 'confirm' | 'reject') {
    setBusy(order.user_payment_log_sn);
    const fallback = t('error.retry');
    const intro = (
      <p className="rounded-lg bg-neutral-50 p-3 text-sm" data-dialog-order={order.order_no}>
        {t('deposits.dialogOrder', { orderNo: order.order_no, depositor: order.depositor_nm, price: won(order.price) })}
      </p>
    );
    const done = await dialog.layer<AdminPaymentOrder>(
      (close) =>
        kind === 'confirm' ? (
          <ActionDialog
            intro={intro}
            fields={[
              { name: 'depositor_nm', label: t('deposits.depositor'), value: order.depositor_nm },
              { name: 'amount', label: t('deposits.amount'), value: String(order.price), inputMode: 'numeric' },
              { name: 'deposited_at', label: t('deposits.depositedAt'), value: kstMinute(Date.now()), hint: t('deposits.depositedAtHint') },
            ]}
            submitLabel={t('deposits.confirm')}
            onSubmit={(v) =>
              confirmDeposit(
                {
                  user_payment_log_sn: order.user_payment_log_sn,
                  depositor_nm: v.depositor_nm ?? '',
                  amount: v.amount ?? '',
                  deposited_at: v.deposited_at ?? '',
                },
                fallback,
              )
            }
            close={close}
          />
        ) : (
          <ActionDialog
            intro={intro}
            fields={[{ name: 'reason', label: t('deposits.reason'), value: '' }]}
            submitLabel={t('deposits.reject')}
            danger
            onSubmit={(v) => rejectDeposit(order.user_payment_log_sn, v.reason ?? '', fallback)}
            close={close}
          />
        ),
      { title: kind === 'confirm' ? t('deposits.confirmTitle') : t('deposits.rejectTitle') },
    );
    setBusy(null);
    if (!done) return;
    setGone((g) => [...g, order.user_payment_log_sn]);
    dialog.toast(
      kind === 'confirm' ? t('deposits.confirmed', { orderNo: order.order_no }) : t('deposits.rejected', { orderNo: order.order_no }),
    );
    void revalidator.revalidate();
  }

  return (
    <div data-admin-deposits>
      <ScreenTitle title={t('deposits.title')} />
      {rows.length === 0 ? (
        <AdminEmpty name="deposits" text={t('deposits.empty')} />
      ) : (
        <AdminTable
          heads={[
            t('orders.orderNo'),
            t('orders.member'),
            t('deposits.depositor'),
            t('orders.price'),
            t('orders.placed'),
            t('deposits.deadline'),
            '',
          ]}
        >
          {rows.map((o) => (
            <tr key={o.user_payment_log_sn} className="border-t border-neutral-100" data-deposit-row={o.order_no}>
              <td className={`${cellClass} font-mono text-xs`}>{o.order_no}</td>
              <td className={cellClass}>
                <MemberCell nick={o.nick} id={o.id} />
              </td>
              <td className={cellClass}>{o.depositor_nm}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{won(o.price)}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{kstDate(o.created_at, true)}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{kstDate(o.deadline_at, true)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <RowActions
                  disabled={busy !== null}
                  actions={[
                    { name: 'deposit-confirm', text: t('deposits.confirm'), run: () => void act(o, 'confirm') },
                    { name: 'deposit-reject', text: t('deposits.reject'), run: () => void act(o, 'reject'), danger: true },
                  ]}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager page={page} total={data.list.data_totalcount} busy={navigation.state !== 'idle'} />
    </div>
  );
}
