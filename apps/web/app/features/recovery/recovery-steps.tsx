import { type RecoveryAccount, ResultCode, verificationEndpoints } from '@byeol/contract';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { primaryButton, secondaryButton } from '../../ui/fields';
import { StepList } from '../../ui/step-list';
import { PhoneVerify } from '../account';
import { AccountChooser } from './account-chooser';
import { useRecoveryAccounts } from './recovery-api';

/** The steps of a recovery flow, the current one marked: the shared StepList with the recovery texts. */
export function RecoverySteps({ names, current }: { names: readonly string[]; current: number }) {
  const { t } = useTranslation('recovery');
  return <StepList names={names} current={current} stepOf={(n, total) => t('stepOf', { n, total })} />;
}

/** SPEC §8 'unregistered phone number (offer sign-up)'. */
function SignUpOffer() {
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

/** The accounts of the verified phone, or why there are none. */
function VerifiedAccounts({
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

/**
 * The first step of both recovery pages: verify the phone (find_id or find_pw) through
 * find_id_pw_phone_no_proc; a phone without accounts is offered sign-up.
 */
export function PhoneStep({
  purpose,
  idPrefix,
  onVerified,
}: {
  purpose: 'find_id' | 'find_pw';
  /** The section's ids start with it ('forgot-id', 'forgot-pw'). */
  idPrefix: string;
  onVerified: (verifyToken: string) => void;
}) {
  const { t } = useTranslation('recovery');
  const [unregistered, setUnregistered] = useState(false);
  return (
    <section aria-labelledby={`${idPrefix}-phone-title`} className="space-y-4">
      <h2 id={`${idPrefix}-phone-title`} className="sr-only">
        {t('steps.phone')}
      </h2>
      <PhoneVerify
        purpose={purpose}
        idPrefix={`${idPrefix}-phone`}
        sendPath={verificationEndpoints.findSendPin.path}
        onSendRefused={(code) => setUnregistered(code === ResultCode.PHONE_UNREGISTERED)}
        onVerified={(token) => {
          setUnregistered(false);
          onVerified(token);
        }}
      />
      {unregistered && <SignUpOffer />}
    </section>
  );
}

/**
 * The step after the phone on both recovery pages: the verified phone's accounts in the chooser
 * (or why there are none), then whatever the page adds below (`children`).
 */
export function ChooseStep({
  idPrefix,
  verifyToken,
  onVerifyAgain,
  children,
  ...chooser
}: {
  /** The section's ids start with it ('forgot-id', 'forgot-pw'). */
  idPrefix: string;
  verifyToken: string;
  onVerifyAgain: () => void;
  children?: ReactNode;
} & Omit<ComponentProps<typeof AccountChooser>, 'accounts'>) {
  const { t } = useTranslation('recovery');
  return (
    <section aria-labelledby={`${idPrefix}-choose-title`} className="space-y-4">
      <h2 id={`${idPrefix}-choose-title`} className="sr-only">
        {t('steps.choose')}
      </h2>
      <VerifiedAccounts verifyToken={verifyToken} onVerifyAgain={onVerifyAgain}>
        {(accounts) => <AccountChooser accounts={accounts} {...chooser} />}
      </VerifiedAccounts>
      {children}
    </section>
  );
}
