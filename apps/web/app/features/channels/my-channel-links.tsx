import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useBjName } from './channel-ui';

/** My page's ways to the follows, fan clubs, messages, bookmarks and block list (issue 17). */
export function MyChannelLinks() {
  const { t } = useTranslation('channels');
  const bj = useBjName();
  const links: [string, string][] = [
    ['/mypage/subscribe', t('mine.links.subscribe', { bj })],
    ['/mypage/fanclub', t('mine.links.fanclub')],
    ['/mypage/message/received', t('mine.links.message')],
    ['/mypage/bookmark', t('mine.links.bookmark')],
    ['/mypage/blocking', t('mine.links.blocking')],
  ];
  return (
    <nav aria-label={t('mine.links.label')} className="mt-6" data-channel-links>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {links.map(([to, label]) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-12 items-center justify-center rounded-xl border border-neutral-200 px-3 py-3 text-center text-sm font-semibold hover:border-brand hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-brand"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
