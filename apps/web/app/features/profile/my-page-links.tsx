import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClipName } from '../clips/use-clip-name';

/** My page's links to member info edit, settings and withdrawal; a broadcaster account also gets its stream page. */
export function MyPageLinks({ broadcaster = false }: { broadcaster?: boolean }) {
  const { t } = useTranslation('profile');
  const clip = useClipName();
  const links: [string, string][] = [
    ...(broadcaster ? [['/mypage/stream', t('links.stream')] as [string, string]] : []),
    // Issue 21: a BJ plans their broadcasts.
    ...(broadcaster ? [['/mypage/schedule', t('mypage.link', { ns: 'schedule' })] as [string, string]] : []),
    // Issue 22: every member's clips (a BJ's shorts and clipping switch too).
    ['/mypage/short', t('mine.title', { ns: 'clips', clip })],
    ['/mypage/info', t('links.info')],
    ['/mypage/setting', t('links.setting')],
    ['/mypage/withdraw', t('links.withdraw')],
  ];
  return (
    <nav aria-label={t('links.label')} className="mt-6">
      <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
        {links.map(([to, label]) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-12 items-center justify-between px-5 py-3 font-semibold hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand"
            >
              {label}
              <span aria-hidden="true" className="text-neutral-400">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
