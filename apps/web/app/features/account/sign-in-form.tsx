import { accountsEndpoints, type EndpointInput, ResultCode } from '@byeol/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { RestoreOffer } from '../profile';
import { SocialButtons, SocialError } from '../social';
import { PhoneVerify } from './phone-verify';

/**
 * The sign-in form, shared by the page /user/login and the panel of useSignIn(). After
 * LOGIN_LIMIT_EXCEEDED (SPEC §8) it offers the phone re-verification (purpose login_unlock) and sends the
 * token with the next attempt.
 */
export function SignInForm({
  onSignedIn,
  onJoin,
  initialId = '',
}: {
  onSignedIn: () => void | Promise<void>;
  /** Called when the visitor follows a link away from the form (sign-up, find ID, reset password). */
  onJoin?: () => void;
  /** Prefills the ID (e.g. the account picked on /user/forgot-id). */
  initialId?: string;
}) {
  const { t } = useTranslation('account');
  const { t: tr } = useTranslation('recovery');
  const uid = useId();
  const [id, setId] = useState(initialId);
  const [passwd, setPasswd] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ id?: string; passwd?: string; otp?: string; form?: string }>({});
  const [locked, setLocked] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  const [verifyToken, setVerifyToken] = useState('');
  /** The login answered ACCOUNT_CLOSED: offer restoring the withdrawn account (features/profile). */
  const [closed, setClosed] = useState(false);
  /** An operator or GM with two-step sign-in: the authenticator's code is asked for (OTP_REQUIRED). */
  const [needsOtp, setNeedsOtp] = useState(false);
  const [otp, setOtp] = useState('');

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setClosed(false);
    const body: EndpointInput<typeof accountsEndpoints.login> = { id: id.trim(), passwd };
    if (verifyToken) body.verify_token = verifyToken;
    if (needsOtp && otp.trim()) body.otp = otp.trim();
    const res = await send(() => api.call(accountsEndpoints.login, body), t('error.retry'));
    if (isOk(res)) {
      await onSignedIn();
      setBusy(false);
      return;
    }
    setBusy(false);
    const message = res.rslt_msg || t('error.retry');
    if (res.rslt_cd === ResultCode.LOGIN_LIMIT_EXCEEDED) {
      setLocked(true);
      setVerifyToken('');
    }
    if (res.rslt_cd === ResultCode.ACCOUNT_CLOSED) setClosed(true);
    if (res.rslt_cd === ResultCode.OTP_REQUIRED || res.rslt_cd === ResultCode.OTP_INVALID) {
      setNeedsOtp(true);
      setOtp('');
      setErrors({ otp: message });
      return;
    }
    const field = fieldOf(res);
    if (field === 'id' || field === 'passwd') setErrors({ [field]: message });
    else setErrors({ form: message });
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-busy={busy} noValidate>
      <SocialError />
      <TextField
        id={`${uid}-id`}
        name="id"
        label={t('login.id')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        data-autofocus
        value={id}
        onChange={(e) => setId(e.target.value)}
        errors={[errors.id ?? '']}
      />
      <TextField
        id={`${uid}-passwd`}
        name="passwd"
        type="password"
        label={t('login.passwd')}
        autoComplete="current-password"
        required
        value={passwd}
        onChange={(e) => setPasswd(e.target.value)}
        errors={[errors.passwd ?? '']}
      />
      {needsOtp && (
        <TextField
          id={`${uid}-otp`}
          name="otp"
          label={t('login.otp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]*"
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          errors={[errors.otp ?? '']}
          hint={t('login.otpHint')}
        />
      )}
      <FormError message={errors.form}>
        {locked && !unlocking && !verifyToken && (
          <button type="button" className={`${secondaryButton} mt-2 w-full`} onClick={() => setUnlocking(true)}>
            {t('login.unlock')}
          </button>
        )}
        {closed && <RestoreOffer id={id} passwd={passwd} onRestored={onSignedIn} />}
      </FormError>
      {locked && unlocking && !verifyToken && (
        <section aria-labelledby={`${uid}-unlock`} className="space-y-3 rounded-lg border border-neutral-200 p-3">
          <h3 id={`${uid}-unlock`} className="text-sm font-bold">
            {t('phone.title')}
          </h3>
          <p className="text-sm text-neutral-600">{t('login.unlockHint')}</p>
          <PhoneVerify
            purpose="login_unlock"
            idPrefix={`${uid}-unlock`}
            onVerified={(token) => {
              setVerifyToken(token);
              setUnlocking(false);
              setErrors({});
            }}
          />
        </section>
      )}
      {verifyToken && (
        <p role="status" className="text-sm text-emerald-700">
          {t('login.unlocked')}
        </p>
      )}
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy || id.trim() === '' || passwd === ''}>
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
      <SocialButtons />
      <p className="text-center text-sm text-neutral-600">
        {t('login.noAccount')}{' '}
        <Link to="/user/join" className="font-semibold text-brand underline-offset-2 hover:underline" onClick={onJoin}>
          {t('login.join')}
        </Link>
      </p>
      <p className="flex justify-center gap-3 text-sm text-neutral-600">
        <Link to="/user/forgot-id" className="underline-offset-2 hover:underline" onClick={onJoin}>
          {tr('link.forgotId')}
        </Link>
        <span aria-hidden="true">·</span>
        <Link to="/user/forgot-passwd" className="underline-offset-2 hover:underline" onClick={onJoin}>
          {tr('link.forgotPasswd')}
        </Link>
      </p>
    </form>
  );
}
