import { resultMessage, type SignupInfo } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useHydrated } from '../../lib/use-hydrated';
import { useLang } from '../../lib/use-site';
import { primaryButton, secondaryButton } from '../../ui/fields';
import { LoadFailed } from '../../ui/list-ui';
import { ApplicationPanel } from '../applications';

/** What the /audition loader hands the page: the member's broadcaster application, or why there is none. */
export interface AuditionData {
  /** GET /mypage/signup_info?kind=bj for a member; null for a guest or when it failed. */
  info: SignupInfo | null;
  /** The visitor is signed out. */
  guest: boolean;
  /** A failed read's message in the viewer's language; '' otherwise. */
  message: string;
}

const LOOK_FOR = ['content', 'regular', 'fans', 'identity'] as const;
const STEPS = ['apply', 'review', 'open'] as const;

/**
 * /audition (issue 21): the open call (what we look for and how it goes), then the broadcaster application of
 * the applications domain (kind bj, marked as an audition: a performance video, a link or an upload with its
 * progress, and a contact phone verified with the phone step): a member's current application and its state
 * with its dates, or the form; a guest is told to sign in.
 */
export function AuditionPage({ data }: { data: AuditionData }) {
  const { t } = useTranslation('editorial');
  const ready = useHydrated();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10" data-audition data-ready={ready || undefined}>
      <section
        aria-labelledby="audition-title"
        className="rounded-3xl bg-gradient-to-br from-brand via-fuchsia-600 to-pink-500 px-5 py-8 text-white sm:px-8 sm:py-10"
      >
        <p aria-hidden="true" className="text-3xl">
          ★
        </p>
        <h1 id="audition-title" className="mt-2 text-3xl font-extrabold sm:text-4xl">
          {t('audition.title')}
        </h1>
        <p className="mt-3 max-w-xl leading-relaxed text-white/95">{t('audition.lead')}</p>
        <a
          href="#audition-apply"
          className="mt-6 inline-flex min-h-11 items-center rounded-full bg-white px-6 font-bold text-brand-dark hover:bg-white/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          data-audition-cta
        >
          {t('audition.cta')}
        </a>
      </section>

      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="audition-look-for">
          <h2 id="audition-look-for" className="text-lg font-bold">
            {t('audition.lookFor.title')}
          </h2>
          <ul className="mt-3 space-y-2">
            {LOOK_FOR.map((key) => (
              <li key={key} className="flex gap-2 text-sm leading-relaxed text-neutral-800">
                <span aria-hidden="true" className="text-brand">
                  ✓
                </span>
                <span>{t(`audition.lookFor.${key}`)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="audition-how">
          <h2 id="audition-how" className="text-lg font-bold">
            {t('audition.how.title')}
          </h2>
          <ol className="mt-3 space-y-3">
            {STEPS.map((key, i) => (
              <li key={key} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand/10 text-sm font-bold text-brand-dark"
                >
                  {i + 1}
                </span>
                <div className="min-w-0">
                  <p className="font-semibold">{t(`audition.how.${key}.title`)}</p>
                  <p className="text-sm leading-relaxed text-neutral-600">{t(`audition.how.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <section aria-labelledby="audition-apply-title" id="audition-apply" className="mt-10 scroll-mt-4 border-t border-neutral-200 pt-8">
        <h2 id="audition-apply-title" className="mb-4 text-xl font-bold">
          {t('audition.applyTitle')}
        </h2>
        {data.guest ? (
          <GuestNotice />
        ) : data.info ? (
          <ApplicationPanel info={data.info} showAlreadyApplied audition />
        ) : (
          <LoadFailed message={data.message || t('loadFailed')} />
        )}
      </section>
    </div>
  );
}

/** SPEC §6 'This is a login-required service', with sign-in (coming back here) and sign-up. */
function GuestNotice() {
  const { t } = useTranslation('editorial');
  const lang = useLang();
  return (
    <div className="rounded-xl bg-neutral-50 p-6 text-center" data-audition-login-required>
      <p role="alert" className="text-neutral-800">
        {resultMessage('LOGIN_REQUIRED', lang)}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Link
          to={`/user/login?${new URLSearchParams({ redirect: '/audition' })}`}
          className={`${primaryButton} inline-flex items-center`}
          data-audition-sign-in
        >
          {t('audition.signIn')}
        </Link>
        <Link to="/user/join" className={`${secondaryButton} inline-flex items-center`}>
          {t('audition.join')}
        </Link>
      </div>
    </div>
  );
}
