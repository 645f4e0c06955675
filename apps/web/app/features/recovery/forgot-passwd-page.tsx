import {
  PASSWORD_LENGTH,
  type PasswordRule,
  passwordRuleMessages,
  passwordViolations,
  type ResetPasswordSet,
  ResultCode,
} from '@byeol/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { fieldOf, isOk, send } from '../account/account-api';
import { FormError, primaryButton, secondaryButton, TextField } from '../account/fields';
import { PhoneVerify } from '../account/phone-verify';
import { useLang } from '../site/use-site';
import { AccountChooser, type ChooserAccount } from './account-chooser';
import { SignUpOffer, StepList, VerifiedAccounts } from './recovery-steps';

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
  const [unregistered, setUnregistered] = useState(false);
  const [account, setAccount] = useState<ChooserAccount | null>(null);
  const [passwd, setPasswd] = useState('');
  const [confirm, setConfirm] = useState('');
  const [serverErrors, setServerErrors] = useState<{ passwd?: string[]; passwd_confirm?: string[] }>({});
  const [formError, setFormError] = useState<{ message: string; next?: 'verify' | 'choose' } | null>(null);
  const [busy, setBusy] = useState(false);

  const id = account?.id ?? '';
  const violations: PasswordRule[] = passwd ? passwordViolations(passwd, id) : [];
  const confirmMismatch = confirm !== '' && confirm !== passwd;
  const ready = account !== null && passwd !== '' && violations.length === 0 && confirm === passwd;

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
        api.post<ResetPasswordSet>('/user/forget_proc', {
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
      case ResultCode.PASSWORD_RULE: {
        const rules = ((res.rslt_set as { rules?: unknown } | null)?.rules ?? []) as PasswordRule[];
        const texts = rules.filter((r) => r in passwordRuleMessages).map((r) => passwordRuleMessages[r][lang]);
        setServerErrors({ passwd: [message, ...texts] });
        return;
      }
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
      <StepList names={STEPS.map((s) => t(`steps.${s}`))} current={STEPS.indexOf(step)} />

      {step === 'phone' && (
        <section aria-labelledby="forgot-pw-phone-title" className="space-y-4">
          <h2 id="forgot-pw-phone-title" className="sr-only">
            {t('steps.phone')}
          </h2>
          <PhoneVerify
            purpose="find_pw"
            idPrefix="forgot-pw-phone"
            sendPath="/user/find_id_pw_phone_no_proc"
            onSendRefused={(code) => setUnregistered(code === ResultCode.PHONE_UNREGISTERED)}
            onVerified={(token) => {
              setUnregistered(false);
              setVerifyToken(token);
              setStep('choose');
            }}
          />
          {unregistered && <SignUpOffer />}
        </section>
      )}

      {step === 'choose' && (
        <section aria-labelledby="forgot-pw-choose-title" className="space-y-4">
          <h2 id="forgot-pw-choose-title" className="sr-only">
            {t('steps.choose')}
          </h2>
          <VerifiedAccounts verifyToken={verifyToken} onVerifyAgain={restart}>
            {(accounts) => (
              <AccountChooser
                accounts={accounts}
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
          </VerifiedAccounts>
        </section>
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
          <TextField
            id="forgot-pw-passwd"
            name="passwd"
            type="password"
            label={t('findPw.passwd')}
            autoComplete="new-password"
            maxLength={PASSWORD_LENGTH.max * 2}
            required
            value={passwd}
            onChange={(e) => {
              setPasswd(e.target.value);
              setServerErrors({});
            }}
            errors={[...violations.map((rule) => passwordRuleMessages[rule][lang]), ...(serverErrors.passwd ?? [])]}
            success={passwd && violations.length === 0 ? t('findPw.passwdOk') : undefined}
            hint={passwordRuleMessages.length[lang]}
          />
          <TextField
            id="forgot-pw-passwd-confirm"
            name="passwd_confirm"
            type="password"
            label={t('findPw.passwdConfirm')}
            autoComplete="new-password"
            maxLength={PASSWORD_LENGTH.max * 2}
            required
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              setServerErrors({});
            }}
            errors={[confirmMismatch ? passwordRuleMessages.confirm[lang] : '', ...(serverErrors.passwd_confirm ?? [])]}
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
