import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';

/** My page's way to the viewer's items, their usage history and the store. */
export function StoreLinks() {
  const { t } = useTranslation('store');
  const links: [string, string][] = [
    ['/mypage/item', t('links.items')],
    ['/mypage/details', t('links.details')],
    ['/store', t('links.store')],
  ];
  return (
    <nav aria-label={t('links.store')} className="mt-6" data-store-links>
      <ul className="grid grid-cols-3 gap-3">
        {links.map(([to, label]) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-12 items-center justify-center rounded-xl border border-neutral-200 px-3 py-3 text-center text-sm font-semibold hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
