import type { RecoveryAccount } from '@byeol/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../account/fields';
import { useRecoveryAccounts } from './recovery-api';

/** Whole class names, so Tailwind sees them. */
const COLUMNS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' };

/** The steps of a recovery flow, the current one marked (as the join page shows its steps). */
export function StepList({ names, current }: { names: readonly string[]; current: number }) {
  const { t } = useTranslation('recovery');
  return (
    <ol className={`mb-6 grid gap-2 text-center text-xs sm:text-sm ${COLUMNS[names.length] ?? 'grid-cols-4'}`}>
      {names.map((name, i) => (
        <li
          key={name}
          aria-current={current === i ? 'step' : undefined}
          className={`rounded-lg border px-2 py-2 ${current === i ? 'border-brand bg-brand/10 font-bold text-brand' : current > i ? 'border-neutral-200 text-neutral-700' : 'border-neutral-200 text-neutral-400'}`}
        >
          <span className="sr-only">{t('stepOf', { n: i + 1, total: names.length })}: </span>
          {name}
        </li>
      ))}
    </ol>
  );
}

/** SPEC §8 'unregistered phone number (offer sign-up)'. */
export function SignUpOffer() {
  const { t } = useTranslation('recovery');
  return (
    <section aria-labelledby="recovery-none-title" className="rounded-lg border border-neutral-200 p-4 text-center" data-recovery-none>
      <h2 id="recovery-none-title" className="font-bold">
        {t('unregistered.title')}
      </h2>
      <p className="mt-1 text-sm text-neutral-600">{t('unregistered.body')}</p>
      <Link to="/user/join" className={`${primaryButton} mt-3 inline-flex items-center`}>
        {t('unregistered.join')}
      </Link>
    </section>
  );
}

/** The accounts of the verified phone, or why there are none; shared by both recovery pages. */
export function VerifiedAccounts({
  verifyToken,
  onVerifyAgain,
  children,
}: {
  verifyToken: string;
  onVerifyAgain: () => void;
  children: (accounts: RecoveryAccount[]) => ReactNode;
}) {
  const { t } = useTranslation('recovery');
  const state = useRecoveryAccounts(verifyToken, t('error.retry'));
  if (state.status === 'loading') {
    return (
      <p role="status" className="text-sm text-neutral-500">
        {t('chooser.loading')}
      </p>
    );
  }
  if (state.status === 'none') return <SignUpOffer />;
  if (state.status === 'error') {
    return (
      <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
        <p>{state.message}</p>
        {state.verifyAgain && (
          <button type="button" className={`${secondaryButton} mt-2`} onClick={onVerifyAgain}>
            {t('verifyAgain')}
          </button>
        )}
      </div>
    );
  }
  return <>{children(state.accounts)}</>;
}
