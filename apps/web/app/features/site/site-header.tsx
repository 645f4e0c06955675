import type { UserInfo } from '@byeol/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useSignOut } from '../../lib/account-api';
import { formatNumber } from '../../lib/format';
import { rankingPath } from '../../lib/links';
import { useCurrencyNames } from '../../lib/use-currency';
import { switchOn, useLang, useSite } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { useSignIn } from '../../ui/sign-in';
import { ShortsLink } from '../clips';
import { ChargeButton } from '../payments';
import { LevelBadge } from '../progression';
import { SearchBox } from '../search';
import { useStarName } from '../stars';
import { LanguageSwitcher } from './language-switcher';
import { MessagesLink } from './messages-link';

/** Every target in the header is at least 44 px tall (touch size). */
const navButton =
  'min-h-11 shrink-0 items-center rounded-md px-2.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50';
/** A row of the phone menu: full width, 48 px tall. */
const menuRow =
  'flex min-h-12 w-full items-center rounded-md px-3 text-left text-base font-semibold focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50';

const isOperator = (user: UserInfo) => user.role === 'operator' || user.role === 'gm';

function useLogout() {
  const { t } = useTranslation('account');
  const signOut = useSignOut();
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  async function logout() {
    setBusy(true);
    const res = await signOut(t('error.retry'));
    setBusy(false);
    if (res.rslt_cd !== 0) dialog.toast(res.rslt_msg || t('error.retry'));
  }
  return { busy, logout };
}

/**
 * Logged out: 로그인 (the sign-in panel) and 회원가입; logged in: 관리 (operators and GMs), the message box
 * with its unread bubble, the nick (My page) and 로그아웃. On a phone the bar keeps the essential ones (로그인 and 회원가입, or the nick); 관리 and
 * 로그아웃 move into the menu.
 */
/**
 * The member's STAR balance in the header, opening the charge panel (issue 15: the balance showed nowhere
 * and an empty wallet offered no way to charge). Refreshed with the page's data after a gift or a charge.
 */
function HeaderBalance({ className }: { className: string }) {
  const { t } = useTranslation('payments');
  const user = useSite()?.user ?? null;
  const lang = useLang();
  const names = useCurrencyNames();
  if (!user) return null;
  return (
    <ChargeButton
      className={`${className} gap-1 tabular-nums`}
      label={
        // The accessible name starts with what shows (the number), then says what it is and does.
        <>
          <span aria-hidden="true">★</span>
          <span data-balance-value>{formatNumber(user.star_cnt, lang)}</span>
          <span className="sr-only">{t('links.balance', { currency: names.star })}</span>
        </>
      }
      data-header-balance={user.star_cnt}
    />
  );
}

function AccountNav({ dark }: { dark: boolean }) {
  const { t } = useTranslation('account');
  const user = useSite()?.user ?? null;
  const signIn = useSignIn();
  const { busy, logout } = useLogout();
  const muted = dark ? 'text-neutral-200 hover:bg-neutral-800' : 'text-neutral-700 hover:bg-neutral-100';

  if (!user) {
    return (
      <nav aria-label={t('nav.account')} className="flex min-w-0 items-center gap-1">
        <button type="button" className={`${navButton} ${muted} inline-flex`} onClick={() => void signIn.open()}>
          {t('nav.login')}
        </button>
        <Link to="/user/join" className={`${navButton} inline-flex bg-brand text-white hover:bg-brand-dark`}>
          {t('nav.join')}
        </Link>
      </nav>
    );
  }
  return (
    <nav aria-label={t('nav.account')} className="flex min-w-0 items-center gap-1">
      {isOperator(user) && (
        // Display only: the console's own calls refuse anyone who is not an operator.
        <Link to="/admin" className={`${navButton} ${muted} hidden lg:inline-flex`} data-admin-link>
          {t('nav.admin')}
        </Link>
      )}
      <HeaderBalance className={`${navButton} ${muted} hidden sm:inline-flex`} />
      <MessagesLink dark={dark} />
      <Link to="/mypage" className={`${navButton} ${muted} inline-flex min-w-0 max-w-[9rem] lg:max-w-[12rem]`} data-user-nick>
        <span className="sr-only">{t('nav.mypage')}: </span>
        {/* Issue 23: the member level before the nick, from a tablet's width up (a phone's bar has no room). */}
        <span className="mr-1 hidden sm:inline-flex">
          <LevelBadge level={user.user_level} />
        </span>
        <span className="truncate">{user.nick}</span>
      </Link>
      <button type="button" className={`${navButton} ${muted} hidden lg:inline-flex`} disabled={busy} onClick={() => void logout()}>
        {t('nav.logout')}
      </button>
    </nav>
  );
}

/** The phone menu's content: the main links, the account links and the language. Rendered only while open. */
function MenuContent({ dark, close }: { dark: boolean; close: () => void }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('account');
  const site = useSite();
  const user = site?.user ?? null;
  // The magazine switch (issue 21): off, no link to the magazine.
  const magazineOn = site?.site.site_setting.magazine_yn === 'Y';
  // The concert, program and K-star switches (issue 22): off, no link to their pages.
  const settings = site?.site.site_setting;
  const programName = useStarName('program');
  const kstarName = useStarName('kstar');
  const signIn = useSignIn();
  const { busy, logout } = useLogout();
  const row = `${menuRow} ${dark ? 'text-neutral-100 hover:bg-neutral-800' : 'text-neutral-800 hover:bg-neutral-100'}`;
  const rule = dark ? 'border-neutral-800' : 'border-neutral-200';

  return (
    <div className="mx-auto max-w-6xl px-3 py-2">
      <nav aria-label={t('nav.main')}>
        <ul>
          <li>
            <Link to="/sub/live" className={row}>
              {t('nav.live')}
            </Link>
          </li>
          <li>
            <Link to="/sub/replay" className={row}>
              {t('nav.replay')}
            </Link>
          </li>
          <li>
            <ShortsLink className={row} />
          </li>
          <li>
            <Link to={rankingPath()} className={row}>
              {t('nav.ranking')}
            </Link>
          </li>
          <li>
            <Link to="/store" className={row}>
              {t('links.store', { ns: 'store' })}
            </Link>
          </li>
          <li>
            <Link to="/bbs" className={row} data-nav-community>
              {t('nav.community', { ns: 'board' })}
            </Link>
          </li>
          {magazineOn && (
            <li>
              <Link to="/magazine" className={row} data-nav-magazine>
                {t('nav.magazine', { ns: 'editorial' })}
              </Link>
            </li>
          )}
          <li>
            <Link to="/sub/event" className={row} data-nav-event>
              {t('nav.event', { ns: 'editorial' })}
            </Link>
          </li>
          <li>
            <Link to="/sub/schedule" className={row} data-nav-schedule>
              {t('nav.schedule', { ns: 'schedule' })}
            </Link>
          </li>
          {switchOn(settings, 'concert') && (
            <li>
              <Link to="/concert" className={row} data-nav-concert>
                {t('nav.concert', { ns: 'concerts' })}
              </Link>
            </li>
          )}
          {switchOn(settings, 'program') && (
            <li>
              <Link to="/sub/program" className={row} data-nav-program>
                {programName}
              </Link>
            </li>
          )}
          {switchOn(settings, 'kstar') && (
            <li>
              <Link to="/sub/kstar" className={row} data-nav-kstar>
                {kstarName}
              </Link>
            </li>
          )}
        </ul>
      </nav>
      <nav aria-label={ta('nav.account')} className={`mt-2 border-t pt-2 ${rule}`}>
        <ul>
          {user ? (
            <>
              <li className="sm:hidden">
                <HeaderBalance className={`${row} w-full justify-start`} />
              </li>
              <li>
                <Link to="/mypage" className={row}>
                  {ta('nav.mypage')}
                </Link>
              </li>
              {isOperator(user) && (
                <li>
                  <Link to="/admin" className={row}>
                    {ta('nav.admin')}
                  </Link>
                </li>
              )}
              <li>
                <button
                  type="button"
                  className={row}
                  disabled={busy}
                  onClick={() => {
                    void logout().then(close);
                  }}
                >
                  {ta('nav.logout')}
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <button
                  type="button"
                  className={row}
                  onClick={() => {
                    close();
                    void signIn.open();
                  }}
                >
                  {ta('nav.login')}
                </button>
              </li>
              <li>
                <Link to="/user/join" className={row}>
                  {ta('nav.join')}
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
      <div className={`mt-2 border-t px-3 pt-3 pb-2 ${rule}`}>
        <LanguageSwitcher block dark={dark} />
      </div>
    </div>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/**
 * The site header. From 1024 px (lg) the full bar: logo, main links, account links and the language. Below
 * that the compact phone bar: logo, the essential account actions and a menu button that discloses the
 * rest (a disclosure: aria-expanded and aria-controls, closed by Escape, by a tap outside and by any
 * navigation).
 */
export function SiteHeader({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const site = useSite();
  const name = site?.site.asp_info.site_name ?? t('brand');
  const magazineOn = site?.site.site_setting.magazine_yn === 'Y';
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const link = `inline-flex min-h-11 items-center whitespace-nowrap ${dark ? 'text-neutral-200 hover:text-white' : 'text-neutral-700 hover:text-brand'}`;

  // Any navigation (a link in the menu included) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger, not a value read.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (e.target instanceof Node && !headerRef.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <header
      ref={headerRef}
      className={`relative ${dark ? 'border-b border-neutral-800 bg-neutral-950' : 'border-b border-neutral-200 bg-white'}`}
    >
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-2 sm:px-4">
        <div className="flex min-w-0 items-center gap-4">
          <Link
            to="/"
            className="flex min-h-11 min-w-0 items-center gap-2 px-1 text-xl font-extrabold text-brand"
            aria-label={t('nav.home')}
          >
            <span aria-hidden="true">★</span>
            <span className="truncate">{name}</span>
          </Link>
          <nav aria-label={t('nav.main')} className="hidden items-center gap-3 text-sm font-semibold lg:flex">
            <Link to="/sub/live" className={link}>
              {t('nav.live')}
            </Link>
            <Link to="/sub/replay" className={link}>
              {t('nav.replay')}
            </Link>
            <Link to={rankingPath()} className={link}>
              {t('nav.ranking')}
            </Link>
            <Link to="/store" className={link}>
              {t('links.store', { ns: 'store' })}
            </Link>
            <Link to="/bbs" className={link} data-nav-community>
              {t('nav.community', { ns: 'board' })}
            </Link>
            {/* From 1280 px: below that the bar has no room for it in every language (the footer and the home link it). */}
            {magazineOn && (
              <Link to="/magazine" className={link.replace(/^inline-flex /, 'hidden xl:inline-flex ')} data-nav-magazine>
                {t('nav.magazine', { ns: 'editorial' })}
              </Link>
            )}
          </nav>
        </div>
        <SearchBox dark={dark} />
        <div className="flex min-w-0 shrink-0 items-center gap-1 lg:gap-2">
          <AccountNav dark={dark} />
          <LanguageSwitcher className="hidden lg:inline-flex" />
          <button
            ref={buttonRef}
            type="button"
            className={`inline-flex size-11 shrink-0 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-brand lg:hidden ${dark ? 'text-neutral-100 hover:bg-neutral-800' : 'text-neutral-800 hover:bg-neutral-100'}`}
            aria-label={t('nav.menu')}
            aria-expanded={open}
            aria-controls={menuId}
            data-menu-button
            onClick={() => setOpen((o) => !o)}
          >
            <MenuIcon open={open} />
          </button>
        </div>
      </div>
      <div
        id={menuId}
        hidden={!open}
        data-site-menu
        className={`absolute inset-x-0 top-full z-40 border-b shadow-lg lg:hidden ${dark ? 'border-neutral-800 bg-neutral-950' : 'border-neutral-200 bg-white'}`}
      >
        {open && <MenuContent dark={dark} close={() => setOpen(false)} />}
      </div>
    </header>
  );
}
