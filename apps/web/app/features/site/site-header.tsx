import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialog } from '../../ui/dialogs';
import { useSignOut } from '../account/account-api';
import { useSignIn } from '../account/use-sign-in';
import { LanguageSwitcher } from './language-switcher';
import { useSite } from './use-site';

const navButton = 'rounded-md px-2.5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50';

/** Logged out: 로그인 (the sign-in panel) and 회원가입; logged in: 관리 (operators and GMs), the nick (My page) and 로그아웃. */
function AccountNav({ dark }: { dark: boolean }) {
  const { t } = useTranslation('account');
  const user = useSite()?.user ?? null;
  const signIn = useSignIn();
  const signOut = useSignOut();
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  const muted = dark ? 'text-neutral-200 hover:bg-neutral-800' : 'text-neutral-700 hover:bg-neutral-100';

  async function logout() {
    setBusy(true);
    const res = await signOut(t('error.retry'));
    setBusy(false);
    if (res.rslt_cd !== 0) dialog.toast(res.rslt_msg || t('error.retry'));
  }

  if (!user) {
    return (
      <nav aria-label={t('nav.account')} className="flex items-center gap-1">
        <button type="button" className={`${navButton} ${muted}`} onClick={() => void signIn.open()}>
          {t('nav.login')}
        </button>
        <Link to="/user/join" className={`${navButton} bg-brand text-white hover:bg-brand-dark`}>
          {t('nav.join')}
        </Link>
      </nav>
    );
  }
  return (
    <nav aria-label={t('nav.account')} className="flex items-center gap-1">
      {(user.role === 'operator' || user.role === 'gm') && (
        // Display only: the console's own calls refuse anyone who is not an operator.
        <Link to="/admin" className={`${navButton} ${muted}`} data-admin-link>
          {t('nav.admin')}
        </Link>
      )}
      <Link to="/mypage" className={`${navButton} ${muted}`} data-user-nick>
        <span className="sr-only">{t('nav.mypage')}: </span>
        {user.nick}
      </Link>
      <button type="button" className={`${navButton} ${muted}`} disabled={busy} onClick={() => void logout()}>
        {t('nav.logout')}
      </button>
    </nav>
  );
}

export function SiteHeader({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const name = useSite()?.site.asp_info.site_name ?? t('brand');
  return (
    <header className={dark ? 'border-b border-neutral-800 bg-neutral-950' : 'border-b border-neutral-200 bg-white'}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4">
        <div className="flex items-center gap-4">
          <Link to="/" className="flex items-center gap-2 text-xl font-extrabold text-brand" aria-label={t('nav.home')}>
            <span aria-hidden="true">★</span>
            <span>{name}</span>
          </Link>
          <nav aria-label={t('nav.main')} className="flex items-center gap-3 text-sm font-semibold">
            <Link to="/sub/live" className={dark ? 'text-neutral-200 hover:text-white' : 'text-neutral-700 hover:text-brand'}>
              {t('nav.live')}
            </Link>
            <Link to="/sub/replay" className={dark ? 'text-neutral-200 hover:text-white' : 'text-neutral-700 hover:text-brand'}>
              {t('nav.replay')}
            </Link>
            <Link to="/store" className={dark ? 'text-neutral-200 hover:text-white' : 'text-neutral-700 hover:text-brand'}>
              {t('store:links.store')}
            </Link>
          </nav>
        </div>
        <div className="flex items-center gap-2">
          <AccountNav dark={dark} />
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
