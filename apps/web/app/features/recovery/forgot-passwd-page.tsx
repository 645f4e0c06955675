import { ResultCode, recoveryEndpoints } from '@byeol/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { useLang } from '../../lib/use-site';
import { FormError, primaryButton, secondaryButton } from '../../ui/fields';
import { brokenRuleTexts, NewPasswordFields, newPasswordReady } from '../account';
import type { ChooserAccount } from './account-chooser';
import { ChooseStep, PhoneStep, RecoverySteps } from './recovery-steps';

type Step = 'phone' | 'choose' | 'passwd' | 'done';
const STEPS: readonly Step[] = ['phone', 'choose', 'passwd', 'done'];

/**
 * /user/forgot-passwd: verify the phone (find_pw), pick one of its accounts, set a new password with each
 * SPEC §5 rule shown live (as the join page does), then log in.
 */
export function ForgotPasswdPage() {
  const { t } = useTranslation('recovery');
  const lang = useLang();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('phone');
  const [verifyToken, setVerifyToken] = useState('');
  const [account, setAccount] = useState<ChooserAccount | null>(null);
  const [passwd, setPasswd] = useState('');
  const [confirm, setConfirm] = useState('');
  const [serverErrors, setServerErrors] = useState<{ passwd?: string[]; passwd_confirm?: string[] }>({});
  const [formError, setFormError] = useState<{ message: string; next?: 'verify' | 'choose' } | null>(null);
  const [busy, setBusy] = useState(false);

  const ready = account !== null && newPasswordReady(passwd, confirm, account.id);

  function restart() {
    setVerifyToken('');
    setAccount(null);
    setFormError(null);
    setStep('phone');
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || busy || !account) return;
    setBusy(true);
    setFormError(null);
    setServerErrors({});
    const res = await send(
      () =>
        api.call(recoveryEndpoints.reset, {
          verify_token: verifyToken,
          user_key: account.user_key,
          passwd,
          passwd_confirm: confirm,
        }),
      t('error.retry'),
    );
    setBusy(false);
    if (isOk(res)) {
      setStep('done');
      return;
    }
    const message = res.rslt_msg || t('error.retry');
    switch (res.rslt_cd) {
      case ResultCode.PASSWORD_RULE:
        setServerErrors({ passwd: [message, ...brokenRuleTexts(res, lang)] });
        return;
      case ResultCode.PASSWORD_MISMATCH:
        setServerErrors({ passwd_confirm: [message] });
        return;
      case ResultCode.VERIFY_REQUIRED:
        setFormError({ message, next: 'verify' });
        return;
      case ResultCode.RECOVERY_ACCOUNT_MISMATCH:
      case ResultCode.RECOVERY_SOCIAL_ONLY:
        setFormError({ message, next: 'choose' });
        return;
      default: {
        const field = fieldOf(res);
        if (field === 'passwd' || field === 'passwd_confirm') setServerErrors({ [field]: [message] });
        else setFormError({ message });
      }
    }
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="mb-2 text-2xl font-bold">{t('findPw.title')}</h1>
      <p className="mb-6 text-sm text-neutral-600">{t('findPw.intro')}</p>
      <RecoverySteps names={STEPS.map((s) => t(`steps.${s}`))} current={STEPS.indexOf(step)} />

      {step === 'phone' && (
        <PhoneStep
          purpose="find_pw"
          idPrefix="forgot-pw"
          onVerified={(token) => {
            setVerifyToken(token);
            setStep('choose');
          }}
        />
      )}

      {step === 'choose' && (
        <ChooseStep
          idPrefix="forgot-pw"
          verifyToken={verifyToken}
          onVerifyAgain={restart}
          legend={t('findPw.choose')}
          submitLabel={t('findPw.next')}
          unavailable={(a) => (a.social_only === 'Y' ? t('chooser.socialNoPasswd') : undefined)}
          onChoose={(chosen) => {
            setAccount(chosen);
            setPasswd('');
            setConfirm('');
            setServerErrors({});
            setFormError(null);
            setStep('passwd');
          }}
        />
      )}

      {step === 'passwd' && account && (
        <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-busy={busy} noValidate>
          <h2 className="sr-only">{t('steps.passwd')}</h2>
          <dl className="rounded-lg bg-neutral-50 px-3 py-2 text-sm" data-recovery-account>
            <dt className="text-neutral-500">{t('findPw.account')}</dt>
            <dd className="font-bold text-neutral-900">
              {account.id} <span className="font-normal text-neutral-600">({account.nick})</span>
            </dd>
          </dl>
          {/* For password managers: the account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={account.id} readOnly hidden />
          <NewPasswordFields
            idPrefix="forgot-pw"
            accountId={account.id}
            passwd={passwd}
            confirm={confirm}
            onPasswd={(value) => {
              setPasswd(value);
              setServerErrors({});
            }}
            onConfirm={(value) => {
              setConfirm(value);
              setServerErrors({});
            }}
            errors={serverErrors}
            labels={{ passwd: t('findPw.passwd'), confirm: t('findPw.passwdConfirm'), ok: t('findPw.passwdOk') }}
            required
          />
          <FormError message={formError?.message}>
            {formError?.next === 'verify' && (
              <button type="button" className={`${secondaryButton} mt-2`} onClick={restart}>
                {t('verifyAgain')}
              </button>
            )}
            {formError?.next === 'choose' && (
              <button
                type="button"
                className={`${secondaryButton} mt-2`}
                onClick={() => {
                  setFormError(null);
                  setStep('choose');
                }}
              >
                {t('findPw.chooseAgain')}
              </button>
            )}
          </FormError>
          <div className="flex gap-2">
            <button type="button" className={`${secondaryButton} flex-1`} onClick={() => setStep('choose')}>
              {t('back')}
            </button>
            <button type="submit" className={`${primaryButton} flex-1`} disabled={!ready || busy}>
              {busy ? t('findPw.submitting') : t('findPw.submit')}
            </button>
          </div>
        </form>
      )}

      {step === 'done' && account && (
        <section aria-labelledby="forgot-pw-done-title" className="py-6 text-center" data-recovery-done>
          <p aria-hidden="true" className="text-5xl text-brand">
            ★
          </p>
          <h2 id="forgot-pw-done-title" className="mt-4 text-xl font-bold">
            {t('findPw.doneTitle')}
          </h2>
          <p className="mt-3 text-neutral-600">{t('findPw.doneBody', { id: account.id })}</p>
          <button
            type="button"
            className={`${primaryButton} mt-8 px-6`}
            onClick={() => void navigate('/user/login', { state: { id: account.id } })}
          >
            {t('findPw.login')}
          </button>
        </section>
      )}
    </div>
  );
}
