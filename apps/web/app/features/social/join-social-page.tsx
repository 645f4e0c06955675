import { type LoginResultSet, NICK_LENGTH, ResultCode, socialEndpoints } from '@byeol/contract';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { checkAvailable } from '../../lib/account-api';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { CheckButton, FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { AgreementChecks, type Agreements, agreementFields, hasRequiredAgreements, NO_AGREEMENTS } from '../account';

/**
 * /user/join-social: the first sign-in with a provider becomes an account here. Shows the provider and
 * the e-mail it gave, asks for a nickname (duplicate check required, SPEC §5) and the agreements, then
 * creates the account, which is logged in, and goes to /user/join-complete.
 */
export function JoinSocialPage({ pending, refusal }: { pending: LoginResultSet | null; refusal: string }) {
  const { t } = useTranslation('social');
  const { t: ta } = useTranslation('account');
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [nick, setNick] = useState(pending?.suggested_nick ?? '');
  const [checked, setChecked] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [nickErrors, setNickErrors] = useState<string[]>([]);
  const [agree, setAgree] = useState<Agreements>(NO_AGREEMENTS);
  const [formError, setFormError] = useState('');
  const [gone, setGone] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!pending) {
    return (
      <div className="mx-auto max-w-lg px-4 py-10">
        <h1 className="mb-4 text-2xl font-bold">{t('join.expiredTitle')}</h1>
        <p className="text-neutral-600">{refusal || t('join.expired')}</p>
        <Link to="/user/login" className={`${primaryButton} mt-6 inline-flex items-center`}>
          {t('join.toLogin')}
        </Link>
      </div>
    );
  }

  const providerName = t(`provider.${pending.provider}`);
  const trimmed = nick.trim();
  const nickChecked = checked !== null && checked === trimmed;
  const requiredAgreed = hasRequiredAgreements(agree);
  const ready = nickChecked && requiredAgreed && !gone;

  async function check() {
    setChecking(true);
    setNickErrors([]);
    const refusal = await checkAvailable('nick', trimmed, ta('error.retry'));
    setChecking(false);
    setChecked(refusal === null ? trimmed : null);
    if (refusal !== null) setNickErrors([refusal]);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setFormError('');
    const res = await send(
      () =>
        api.call(socialEndpoints.join, {
          nick: trimmed,
          ...agreementFields(agree),
        }),
      ta('error.retry'),
    );
    if (isOk(res)) {
      await navigate('/user/join-complete');
      await revalidator.revalidate();
      return;
    }
    setBusy(false);
    const message = res.rslt_msg || ta('error.retry');
    if (res.rslt_cd === ResultCode.DUPLICATE_NICK || fieldOf(res) === 'nick') {
      setChecked(null);
      setNickErrors([message]);
      return;
    }
    if (res.rslt_cd === ResultCode.SOCIAL_SIGNUP_EXPIRED || res.rslt_cd === ResultCode.SOCIAL_ALREADY_JOINED) setGone(true);
    setFormError(message);
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="mb-2 text-2xl font-bold">{t('join.title')}</h1>
      <p className="mb-6 text-neutral-600">{t('join.intro', { provider: providerName })}</p>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-neutral-50 px-4 py-3 text-sm">
        <dt className="font-semibold text-neutral-700">{t('join.provider')}</dt>
        <dd data-provider={pending.provider}>{providerName}</dd>
        <dt className="font-semibold text-neutral-700">{t('join.email')}</dt>
        <dd className="break-all">{pending.email || t('join.noEmail')}</dd>
      </dl>
      <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-busy={busy} noValidate>
        <TextField
          id="join-social-nick"
          name="nick"
          label={ta('join.form.nick')}
          autoComplete="nickname"
          maxLength={NICK_LENGTH.max}
          required
          value={nick}
          onChange={(e) => {
            setNick(e.target.value);
            setNickErrors([]);
          }}
          errors={nickErrors}
          success={nickChecked ? ta('join.form.nickAvailable') : undefined}
          hint={trimmed ? ta('join.form.needCheck') : ta('join.form.nickHint', NICK_LENGTH)}
          action={
            <CheckButton
              field={ta('join.form.nick')}
              busy={checking}
              disabled={checking || trimmed === '' || nickChecked}
              onClick={() => void check()}
            />
          }
        />
        <fieldset className="space-y-1">
          <legend className="sr-only">{ta('join.steps.agree')}</legend>
          <AgreementChecks value={agree} onChange={setAgree} />
          {!requiredAgreed && <p className="px-1 text-sm text-neutral-500">{ta('join.agree.required')}</p>}
        </fieldset>
        <FormError message={formError}>
          {gone && (
            <Link to="/user/login" className={`${secondaryButton} mt-2 inline-flex items-center`}>
              {t('join.toLogin')}
            </Link>
          )}
        </FormError>
        <button type="submit" className={`${primaryButton} w-full`} disabled={!ready || busy}>
          {busy ? t('join.submitting') : t('join.submit')}
        </button>
      </form>
    </div>
  );
}
