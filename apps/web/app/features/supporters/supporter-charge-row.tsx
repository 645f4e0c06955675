import type { SupporterCharge } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { kstDate } from '../../lib/format';
import { useWon } from '../../lib/use-won';

/** One supporter charge in the details lists (/mypage/details supporters tabs): BJ, month, amount, state. */
export function SupporterChargeRow({ row }: { row: SupporterCharge }) {
  const { t } = useTranslation('supporters');
  const won = useWon();
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3" data-supporter-charge={row.charge_sn} data-state={row.state}>
      <div className="min-w-0">
        <p className="font-semibold">
          <Link to={`/store/supporters?bj=${row.bj.user_key}`} className="hover:underline">
            {row.bj.nick}
          </Link>
          {row.period_no > 0 && <span className="ml-2 text-xs text-neutral-500">{t('details.month', { n: row.period_no })}</span>}
        </p>
        <p className="text-xs text-neutral-500">
          {kstDate(row.paid_at ?? row.created_at, true)}
          {row.period_from && row.period_to && (
            <span className="ml-2">
              {kstDate(row.period_from)} ~ {kstDate(row.period_to)}
            </span>
          )}
          {row.fail_msg && <span className="ml-2 text-red-600">{row.fail_msg}</span>}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={`font-bold tabular-nums ${row.state === 'paid' ? 'text-neutral-900' : 'text-neutral-400 line-through'}`}
          data-amount={row.amount}
        >
          {won(row.amount)}
        </p>
        <p className={`text-xs ${row.state === 'failed' ? 'text-red-600' : 'text-neutral-500'}`}>{t(`details.state.${row.state}`)}</p>
      </div>
    </li>
  );
}
