import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { ROUTE_REFRESH_MS, refreshUnreadMessages, useUnreadMessages } from '../../lib/unread-messages';
import { useLang, useUser } from '../../lib/use-site';

/** The count as the bubble shows it: '99+' above 99. */
export const unreadBubbleText = (count: number) => (count > 99 ? '99+' : String(count));

function EnvelopeIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3.5 7l8.5 6 8.5-6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's message box link for a signed-in member (an envelope, 44 px square) with a bubble of the
 * unread count (lib/unread-messages.ts): asked on load, on a route change (at most once per 30 s) and when
 * the window regains focus. The accessible name says the count ('쪽지함, 읽지 않은 쪽지 3개').
 */
export function MessagesLink({ dark }: { dark: boolean }) {
  const { t } = useTranslation('account');
  const lang = useLang();
  const userKey = useUser()?.user_key ?? 0;
  const count = useUnreadMessages(userKey);
  const { pathname } = useLocation();

  useEffect(() => {
    void refreshUnreadMessages(userKey, 0);
    if (!userKey) return;
    const onFocus = () => void refreshUnreadMessages(userKey, 0);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [userKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value read.
  useEffect(() => {
    void refreshUnreadMessages(userKey, ROUTE_REFRESH_MS);
  }, [pathname, userKey]);

  if (!userKey) return null;
  const unread = count ?? 0;
  return (
    <Link
      to="/mypage/message/received"
      className={`relative inline-flex size-11 shrink-0 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-brand ${
        dark ? 'text-neutral-200 hover:bg-neutral-800' : 'text-neutral-700 hover:bg-neutral-100'
      }`}
      aria-label={unread > 0 ? t('nav.messagesUnread', { n: formatNumber(unread, lang) }) : t('nav.messages')}
      data-messages-link
      data-unread={count ?? ''}
    >
      <EnvelopeIcon />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className={`absolute right-0 top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white tabular-nums ring-2 ${
            dark ? 'ring-neutral-950' : 'ring-white'
          }`}
          data-unread-bubble
        >
          {unreadBubbleText(unread)}
        </span>
      )}
    </Link>
  );
}
