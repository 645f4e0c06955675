import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { ChargeButton } from './charge-button';

const boxClass =
  'flex min-h-12 items-center justify-center rounded-xl border px-3 py-3 text-center text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand';
const linkClass = `${boxClass} border-neutral-200 hover:border-brand hover:text-brand`;

/** My page's "charge" button (the payment panel) and its ways to the viewer's orders and supports (/mypage/supporters). */
export function PaymentLinks() {
  const { t } = useTranslation('payments');
  return (
    <nav aria-label={t('links.label')} className="mt-6" data-payment-links>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <li>
          <ChargeButton className={`${boxClass} w-full border-brand bg-brand text-white hover:bg-brand-dark`} />
        </li>
        <li>
          <Link to="/mypage/payment" className={linkClass}>
            {t('links.orders')}
          </Link>
        </li>
        <li>
          <Link to="/mypage/payment/bankbook" className={linkClass}>
            {t('links.bankbook')}
          </Link>
        </li>
        <li>
          <Link to="/mypage/supporters" className={linkClass}>
            {t('mine.title', { ns: 'supporters' })}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
