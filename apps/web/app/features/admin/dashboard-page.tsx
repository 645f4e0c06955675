import type { AdminDashboard } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useWon } from '../../lib/use-won';
import { kstDay } from './admin-rules';
import { ScreenTitle } from './admin-ui';

/** The console's first screen: what waits for an operator and today's sales, each linking to its list. */
export function DashboardPage({ dashboard, now }: { dashboard: AdminDashboard; now: number }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const won = useWon();
  const today = kstDay(now);
  const cards = [
    { key: 'pending', label: t('dashboard.pending'), value: formatNumber(dashboard.pending_deposits, lang), to: '/admin/deposits' },
    {
      key: 'paid',
      label: t('dashboard.paidToday'),
      value: formatNumber(dashboard.today_paid_orders, lang),
      to: `/admin/orders?state=paid&date_from=${today}&date_to=${today}`,
    },
    {
      key: 'sales',
      label: t('dashboard.salesToday'),
      value: won(dashboard.today_paid_price),
      to: `/admin/orders?state=paid&date_from=${today}&date_to=${today}`,
    },
  ];
  return (
    <div data-admin-dashboard>
      <ScreenTitle title={t('dashboard.title')} />
      <ul className="grid gap-4 sm:grid-cols-3">
        {cards.map((c) => (
          <li key={c.key}>
            <Link to={c.to} className="block rounded-2xl border border-neutral-200 p-5 hover:border-brand" data-dashboard-card={c.key}>
              <p className="text-sm text-neutral-500">{c.label}</p>
              <p className="mt-2 text-3xl font-bold tabular-nums" data-dashboard-value>
                {c.value}
              </p>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-neutral-500">{t('dashboard.note')}</p>
    </div>
  );
}
