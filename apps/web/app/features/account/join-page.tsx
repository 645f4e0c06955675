import { accountsEndpoints, ID_LENGTH, koreanToday, NICK_LENGTH, needsGuardianConsent, ResultCode } from '@byeol/contract';
import { useState } from 'react';
import { useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { checkAvailable } from '../../lib/account-api';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { useLang, useSite } from '../../lib/use-site';
import { CheckButton, FieldMessages, FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { CountryFallback, PhoneCountrySelect } from '../../ui/phone-country';
import { StepList } from '../../ui/step-list';
import { GuardianConsent, type GuardianValue } from '../identity';
import { SocialButtons } from '../social';
import { AgreementChecks, type Agreements, agreementFields, hasRequiredAgreements, NO_AGREEMENTS } from './agreements';
import { joinMissing, referralFromLink } from './join-rules';
import { brokenRuleTexts, NewPasswordFields } from './new-password-fields';
import { PhoneVerify } from './phone-verify';

type Step = 1 | 2 | 3;
type FieldName = 'id' | 'passwd' | 'passwd_confirm' | 'nick' | 'birth_date' | 'sex' | 'email' | 'referral_code';
const FIELDS: readonly FieldName[] = ['id', 'passwd', 'passwd_confirm', 'nick', 'birth_date', 'sex', 'email', 'referral_code'];

interface Values {
  id: string;
  passwd: string;
  passwd_confirm: string;
  nick: string;
  birth_date: string;
  sex: '' | 'M' | 'F';
  email: string;
  /** The inviting member's login ID (issue 23, optional); REFERRAL_CODE_UNKNOWN shows under it. */
  referral_code: string;
}

const EMPTY: Values = { id: '', passwd: '', passwd_confirm: '', nick: '', birth_date: '', sex: '', email: '', referral_code: '' };

/** SPEC §4 sign-up: 1 agreements, 2 phone verification, 3 the account form; then /user/join-complete. */
export function JoinPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  // The render time of the root data, so the server and the browser agree on today's date.
  const now = useSite()?.now ?? Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const koreaToday = koreanToday(now);
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  const [step, setStep] = useState<Step>(1);
  const [agree, setAgree] = useState<Agreements>(NO_AGREEMENTS);
  const [verifyToken, setVerifyToken] = useState('');
  const [phoneNo, setPhoneNo] = useState('');
  const [search] = useSearchParams();
  // An invite link (`?ref=ID`, the medal page's) fills the referral code in; the member may still change it.
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, referral_code: referralFromLink(search) }));
  const [checked, setChecked] = useState<{ id: string | null; nick: string | null }>({ id: null, nick: null });
  const [checking, setChecking] = useState<'id' | 'nick' | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string[]>>>({});
  const [formError, setFormError] = useState('');
  const [verifyAgain, setVerifyAgain] = useState(false);
  // SPEC §5: under 14 (Korea time) the join carries a legal guardian's consent.
  const [guardian, setGuardian] = useState<GuardianValue>({ name: '', token: '' });
  const [guardianError, setGuardianError] = useState('');
  // SPEC §8: a country whose phones cannot get pins is offered social login instead.
  const [countryNum, setCountryNum] = useState('82');
  const [countryRefused, setCountryRefused] = useState(false);
  const [busy, setBusy] = useState(false);

  const requiredAgreed = hasRequiredAgreements(agree);

  const underGuardianAge = values.birth_date !== '' && needsGuardianConsent(values.birth_date, koreaToday);
  const idChecked = checked.id !== null && checked.id === values.id.trim();
  const nickChecked = checked.nick !== null && checked.nick === values.nick.trim();
  // What the join still needs: the button stays disabled until it is empty, and lists it (issue 15).
  const missing = joinMissing({
    requiredAgreed,
    verified: verifyToken !== '',
    idChecked,
    nickChecked,
    id: values.id,
    passwd: values.passwd,
    passwdConfirm: values.passwd_confirm,
    birthDate: values.birth_date,
    sex: values.sex,
    underGuardianAge,
    guardianReady: guardian.name.trim() !== '' && guardian.token !== '',
  });
  const ready = missing.length === 0;

  function set<K extends FieldName>(name: K, value: Values[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((e) => ({ ...e, [name]: undefined }));
  }

  function showRefusal(res: { rslt_msg: string; rslt_set: unknown }, fallbackField?: FieldName) {
    const message = res.rslt_msg || t('error.retry');
    const named = fieldOf(res as never);
    const field = FIELDS.find((f) => f === named) ?? fallbackField;
    if (field) setServerErrors((e) => ({ ...e, [field]: [message] }));
    else setFormError(message);
  }

  async function check(type: 'id' | 'nick') {
    const value = values[type].trim();
    setChecking(type);
    setServerErrors((e) => ({ ...e, [type]: undefined }));
    const refusal = await checkAvailable(type, value, t('error.retry'));
    setChecking(null);
    setChecked((c) => ({ ...c, [type]: refusal === null ? value : null }));
    if (refusal !== null) setServerErrors((e) => ({ ...e, [type]: [refusal] }));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setFormError('');
    setVerifyAgain(false);
    const res = await send(
      () =>
        api.call(accountsEndpoints.join, {
          id: values.id.trim(),
          passwd: values.passwd,
          passwd_confirm: values.passwd_confirm,
          nick: values.nick.trim(),
          verify_token: verifyToken,
          birth_date: values.birth_date,
          // `ready` needs a choice.
          sex: values.sex as 'M' | 'F',
          email: values.email.trim() || undefined,
          referral_code: values.referral_code.trim() || undefined,
          ...agreementFields(agree),
          ...(underGuardianAge ? { guardian_name: guardian.name.trim(), guardian_token: guardian.token } : {}),
        }),
      t('error.retry'),
    );
    if (isOk(res)) {
      await navigate('/user/join-complete');
      await revalidator.revalidate();
      return;
    }
    setBusy(false);
    switch (res.rslt_cd) {
      case ResultCode.PASSWORD_RULE:
        setServerErrors((e) => ({ ...e, passwd: [res.rslt_msg, ...brokenRuleTexts(res, lang)].filter(Boolean) }));
        return;
      case ResultCode.PASSWORD_MISMATCH:
        showRefusal(res, 'passwd_confirm');
        return;
      case ResultCode.DUPLICATE_ID:
        setChecked((c) => ({ ...c, id: null }));
        showRefusal(res, 'id');
        return;
      case ResultCode.DUPLICATE_NICK:
        setChecked((c) => ({ ...c, nick: null }));
        showRefusal(res, 'nick');
        return;
      case ResultCode.GUARDIAN_NAME_MISMATCH:
        setGuardianError(res.rslt_msg || t('error.retry'));
        return;
      case ResultCode.GUARDIAN_REQUIRED:
      case ResultCode.GUARDIAN_NOT_ADULT:
      case ResultCode.IDENTITY_REQUIRED:
        // The guardian's verification is missing, spent or not an adult's: verify the guardian again.
        setGuardian((g) => ({ ...g, token: '' }));
        setGuardianError(res.rslt_msg || t('error.retry'));
        return;
      case ResultCode.VERIFY_REQUIRED:
        setFormError(res.rslt_msg || t('error.retry'));
        setVerifyAgain(true);
        return;
      default:
        showRefusal(res);
    }
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">{t('join.title')}</h1>
      <StepList
        names={[t('join.steps.agree'), t('join.steps.phone'), t('join.steps.form')]}
        current={step - 1}
        stepOf={(n, total) => t('join.stepOf', { n, total })}
      />

      {step === 1 && (
        <section aria-labelledby="join-agree-title" className="space-y-4">
          <h2 id="join-agree-title" className="sr-only">
            {t('join.steps.agree')}
          </h2>
          <AgreementChecks value={agree} onChange={setAgree} />
          {!requiredAgreed && <p className="text-sm text-neutral-500">{t('join.agree.required')}</p>}
          <button type="button" className={`${primaryButton} w-full`} disabled={!requiredAgreed} onClick={() => setStep(2)}>
            {t('join.next')}
          </button>
          <SocialButtons />
        </section>
      )}

      {step === 2 && (
        <section aria-labelledby="join-phone-title" className="space-y-4">
          <h2 id="join-phone-title" className="text-lg font-bold">
            {t('phone.title')}
          </h2>
          {verifyToken ? (
            <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
              {t('phone.verified')} ({phoneNo})
            </p>
          ) : (
            <PhoneVerify
              purpose="join"
              idPrefix="join-phone"
              countryNum={countryNum}
              countryField={
                <PhoneCountrySelect
                  id="join-phone-country"
                  value={countryNum}
                  onChange={(num) => {
                    setCountryNum(num);
                    setCountryRefused(false);
                  }}
                />
              }
              onSendRefused={(code) => setCountryRefused(code === ResultCode.COUNTRY_NOT_SUPPORTED)}
              onVerified={(token, phone) => {
                setVerifyToken(token);
                setPhoneNo(phone);
                setFormError('');
                setVerifyAgain(false);
                setStep(3);
              }}
            />
          )}
          {countryRefused && !verifyToken && (
            <CountryFallback>
              <SocialButtons heading={false} />
            </CountryFallback>
          )}
          <div className="flex gap-2">
            <button type="button" className={`${secondaryButton} flex-1`} onClick={() => setStep(1)}>
              {t('join.back')}
            </button>
            <button type="button" className={`${primaryButton} flex-1`} disabled={!verifyToken} onClick={() => setStep(3)}>
              {t('join.next')}
            </button>
          </div>
        </section>
      )}

      {step === 3 && (
        <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-busy={busy} noValidate>
          <h2 className="sr-only">{t('join.steps.form')}</h2>
          <p className="text-sm text-neutral-600" data-required-note>
            <span className="font-semibold text-red-600">*</span> {t('join.form.requiredNote')}
          </p>
          <TextField
            id="join-id"
            name="id"
            label={t('join.form.id')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={ID_LENGTH.max}
            required
            value={values.id}
            onChange={(e) => set('id', e.target.value)}
            errors={serverErrors.id}
            success={idChecked ? t('join.form.idAvailable') : undefined}
            hint={values.id.trim() ? t('join.form.needCheck') : t('join.form.idHint', ID_LENGTH)}
            action={
              <CheckButton
                field={t('join.form.id')}
                busy={checking === 'id'}
                disabled={checking !== null || values.id.trim() === '' || idChecked}
                onClick={() => void check('id')}
              />
            }
          />
          <NewPasswordFields
            idPrefix="join"
            accountId={values.id.trim()}
            passwd={values.passwd}
            confirm={values.passwd_confirm}
            onPasswd={(value) => set('passwd', value)}
            onConfirm={(value) => set('passwd_confirm', value)}
            errors={serverErrors}
            labels={{ passwd: t('join.form.passwd'), confirm: t('join.form.passwdConfirm'), ok: t('join.form.passwdOk') }}
            required
          />
          <TextField
            id="join-nick"
            name="nick"
            label={t('join.form.nick')}
            autoComplete="nickname"
            maxLength={NICK_LENGTH.max}
            required
            value={values.nick}
            onChange={(e) => set('nick', e.target.value)}
            errors={serverErrors.nick}
            success={nickChecked ? t('join.form.nickAvailable') : undefined}
            hint={values.nick.trim() ? t('join.form.needCheck') : t('join.form.nickHint', NICK_LENGTH)}
            action={
              <CheckButton
                field={t('join.form.nick')}
                busy={checking === 'nick'}
                disabled={checking !== null || values.nick.trim() === '' || nickChecked}
                onClick={() => void check('nick')}
              />
            }
          />
          <TextField
            id="join-birth"
            name="birth_date"
            type="date"
            label={t('join.form.birth')}
            autoComplete="bday"
            max={today}
            required
            value={values.birth_date}
            onChange={(e) => set('birth_date', e.target.value)}
            errors={serverErrors.birth_date}
          />
          <fieldset aria-describedby="join-sex-msg" data-join-sex>
            <legend className="mb-1 text-sm font-semibold text-neutral-800">
              {t('join.form.sex')}
              <span aria-hidden="true" className="ms-0.5 text-red-600" data-required-mark>
                *
              </span>
            </legend>
            <div className="flex gap-4">
              {(['M', 'F'] as const).map((sex) => (
                <label key={sex} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="sex"
                    value={sex}
                    className="size-5 accent-brand"
                    required
                    checked={values.sex === sex}
                    onChange={() => set('sex', sex)}
                  />
                  {sex === 'M' ? t('join.form.male') : t('join.form.female')}
                </label>
              ))}
            </div>
            <FieldMessages id="join-sex" errors={serverErrors.sex} />
          </fieldset>
          <TextField
            id="join-email"
            name="email"
            type="email"
            label={t('join.form.email')}
            autoComplete="email"
            maxLength={254}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            errors={serverErrors.email}
          />
          <TextField
            id="join-referral"
            name="referral_code"
            label={t('join.form.referral')}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            value={values.referral_code}
            onChange={(e) => set('referral_code', e.target.value)}
            errors={serverErrors.referral_code}
            hint={t('join.form.referralHint')}
          />
          {underGuardianAge && (
            <GuardianConsent
              value={guardian}
              today={today}
              error={guardianError}
              onChange={(next) => {
                setGuardian(next);
                setGuardianError('');
              }}
            />
          )}
          <FormError message={formError}>
            {verifyAgain && (
              <button
                type="button"
                className={`${secondaryButton} mt-2`}
                onClick={() => {
                  setVerifyToken('');
                  setStep(2);
                }}
              >
                {t('join.form.verifyAgain')}
              </button>
            )}
          </FormError>
          <div className="flex gap-2">
            <button type="button" className={`${secondaryButton} flex-1`} onClick={() => setStep(2)}>
              {t('join.back')}
            </button>
            <button
              type="submit"
              className={`${primaryButton} flex-1`}
              disabled={!ready || busy}
              aria-describedby={ready ? undefined : 'join-missing'}
            >
              {busy ? t('join.form.submitting') : t('join.form.submit')}
            </button>
          </div>
          {!ready && (
            <div id="join-missing" className="rounded-lg bg-neutral-100 px-3 py-2 text-sm text-neutral-700" data-join-missing>
              <p className="font-semibold">{t('join.missing.title')}</p>
              <ul className="mt-1 list-disc ps-5">
                {missing.map((need) => (
                  <li key={need} data-join-need={need}>
                    {t(`join.missing.${need}`)}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </form>
      )}
    </div>
  );
}
