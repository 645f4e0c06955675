import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { channelPath, channelProfileEditPath } from '../../lib/links';
import { useClipName } from '../../lib/use-clip-name';
import { useBjTerm, useUser } from '../../lib/use-site';
import { secondaryButton } from '../../ui/fields';

/** A broadcaster's own channel and its profile editor (the profile tab in edit mode). */
function myChannelLinks(id: string, t: (key: 'links.channel' | 'links.channelProfile') => string): [string, string][] {
  return [
    [channelPath(id), t('links.channel')],
    [channelProfileEditPath(id), t('links.channelProfile')],
  ];
}

/**
 * My page's links to member info edit, settings and withdrawal; a broadcaster account also gets its stream
 * page, its channel and its channel profile editor.
 */
export function MyPageLinks({ broadcaster = false }: { broadcaster?: boolean }) {
  const { t } = useTranslation('profile');
  const clip = useClipName();
  const bj = useBjTerm();
  const id = useUser()?.id ?? '';
  const links: [string, string][] = [
    ...(broadcaster && id ? myChannelLinks(id, t) : []),
    ...(broadcaster ? [['/mypage/stream', t('links.stream')] as [string, string]] : []),
    // Issue 21: a BJ plans their broadcasts.
    ...(broadcaster ? [['/mypage/schedule', t('mypage.link', { ns: 'schedule' })] as [string, string]] : []),
    // Issue 23: my member level, VIP grade and fan levels; a broadcaster's own level and fans.
    ['/mypage/level/user', t('links.user', { ns: 'progression' })],
    ...(broadcaster ? [['/mypage/level/bj', t('links.bj', { ns: 'progression', bj })] as [string, string]] : []),
    // Issue 23: today's challenges, the medals and the referral code.
    ['/mypage/achieve', t('link', { ns: 'achieve' })],
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

/** /mypage/stream's ways to the broadcaster's channel and its profile editor, as a row of buttons. */
export function MyChannelShortcuts({ id }: { id: string }) {
  const { t } = useTranslation('profile');
  return (
    <nav aria-label={t('links.channelLabel')} className="mb-6 flex flex-wrap gap-2" data-my-channel-links>
      {myChannelLinks(id, t).map(([to, label]) => (
        <Link key={to} to={to} className={`${secondaryButton} inline-flex items-center`}>
          {label}
        </Link>
      ))}
    </nav>
  );
}
