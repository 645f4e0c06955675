import { type IdentityConfig, type IdentityPurpose, type IdentityVerifySet, identityEndpoints, ResultCode } from '@byeol/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { FieldMessages, FormError, primaryButton, TextField } from '../../ui/fields';
import { PhoneVerify } from '../account';

/** PortOne's browser SDK (https://cdn.portone.io/v2/browser-sdk.js), loaded only when the portone driver is on. */
interface PortOneSdk {
  requestIdentityVerification(request: {
    storeId: string;
    identityVerificationId: string;
    channelKey: string;
  }): Promise<{ code?: string; message?: string; identityVerificationId?: string } | undefined>;
}
const PORTONE_SDK = 'https://cdn.portone.io/v2/browser-sdk.js';

function loadPortOne(): Promise<PortOneSdk> {
  const existing = (window as unknown as { PortOne?: PortOneSdk }).PortOne;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PORTONE_SDK;
    script.async = true;
    script.onload = () => {
      const sdk = (window as unknown as { PortOne?: PortOneSdk }).PortOne;
      if (sdk) resolve(sdk);
      else reject(new Error('PortOne SDK missing'));
    };
    script.onerror = () => reject(new Error('PortOne SDK did not load'));
    document.head.append(script);
  });
}

type DevField = 'name' | 'birth_date' | 'sex';

/**
 * Identity verification (본인인증) for a purpose, with the server's driver (GET /user/identity_config):
 * dev: name, birth date, sex and a phone pin; portone: PortOne's own window. Answers the one-time identity
 * token of POST /user/identity_verify_proc through `onVerified`.
 */
export function IdentityVerify({
  purpose,
  idPrefix,
  today,
  onVerified,
}: {
  purpose: IdentityPurpose;
  idPrefix: string;
  /** Today's date (YYYY-MM-DD) for the birth-date field's maximum. */
  today: string;
  onVerified: (set: IdentityVerifySet) => void;
}) {
  const { t } = useTranslation('identity');
  const [config, setConfig] = useState<IdentityConfig | null | 'failed'>(null);
  const [values, setValues] = useState<{ name: string; birth_date: string; sex: '' | 'M' | 'F' }>({ name: '', birth_date: '', sex: '' });
  const [phoneToken, setPhoneToken] = useState('');
  const [phoneKey, setPhoneKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<DevField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void send(() => api.call(identityEndpoints.config), '').then((res) => {
      if (live) setConfig(isOk(res) ? (res.rslt_set as IdentityConfig) : 'failed');
    });
    return () => {
      live = false;
    };
  }, []);

  async function finish(body: Record<string, string>) {
    setBusy(true);
    setFormError('');
    setErrors({});
    const res = await send(() => api.call(identityEndpoints.verify, { purpose, ...body }), t('error.retry'));
    setBusy(false);
    if (isOk(res)) {
      onVerified(res.rslt_set as IdentityVerifySet);
      return;
    }
    const message = res.rslt_msg || t('error.retry');
    const field = fieldOf(res);
    if (field === 'name' || field === 'birth_date' || field === 'sex') setErrors({ [field]: message });
    else setFormError(message);
    if (res.rslt_cd === ResultCode.VERIFY_REQUIRED) {
      // The phone verification was spent or expired: verify the phone again.
      setPhoneToken('');
      setPhoneKey((k) => k + 1);
    }
  }

  async function portone(cfg: IdentityConfig) {
    setBusy(true);
    setFormError('');
    try {
      const sdk = await loadPortOne();
      const identityVerificationId = `iv-${crypto.randomUUID()}`;
      const answer = await sdk.requestIdentityVerification({ storeId: cfg.store_id, identityVerificationId, channelKey: cfg.channel_key });
      if (answer?.code !== undefined) {
        setBusy(false);
        setFormError(answer.message || t('error.retry'));
        return;
      }
      await finish({ identity_verification_id: identityVerificationId });
    } catch {
      setBusy(false);
      setFormError(t('verify.unavailable'));
    }
  }

  if (config === null) return <p className="text-sm text-neutral-500">{t('verify.loading')}</p>;
  if (config === 'failed' || config.driver === 'none') return <FormError message={t('verify.unavailable')} />;
  if (config.driver === 'portone') {
    return (
      <div className="space-y-3">
        <button type="button" className={`${primaryButton} w-full`} disabled={busy} onClick={() => void portone(config)}>
          {busy ? t('verify.portoneBusy') : t('verify.portone')}
        </button>
        <FormError message={formError} />
      </div>
    );
  }

  const ready = values.name.trim() !== '' && values.birth_date !== '' && values.sex !== '' && phoneToken !== '';
  const set = (name: DevField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  return (
    <div className="space-y-4" data-identity-verify={purpose}>
      <TextField
        id={`${idPrefix}-name`}
        label={t('verify.name')}
        autoComplete="name"
        maxLength={40}
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        errors={[errors.name ?? '']}
        hint={t('verify.nameHint')}
      />
      <TextField
        id={`${idPrefix}-birth`}
        type="date"
        label={t('verify.birth')}
        max={today}
        value={values.birth_date}
        onChange={(e) => set('birth_date', e.target.value)}
        errors={[errors.birth_date ?? '']}
      />
      <fieldset aria-describedby={`${idPrefix}-sex-msg`}>
        <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('verify.sex')}</legend>
        <div className="flex gap-4">
          {(['M', 'F'] as const).map((sex) => (
            <label key={sex} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${idPrefix}-sex`}
                value={sex}
                className="size-5 accent-brand"
                checked={values.sex === sex}
                onChange={() => set('sex', sex)}
              />
              {sex === 'M' ? t('verify.male') : t('verify.female')}
            </label>
          ))}
        </div>
        <FieldMessages id={`${idPrefix}-sex`} errors={[errors.sex ?? '']} />
      </fieldset>
      <div className="space-y-2">
        <p className="text-sm font-semibold text-neutral-800">{t('verify.phoneStep')}</p>
        <PhoneVerify key={phoneKey} purpose={purpose} idPrefix={`${idPrefix}-phone`} onVerified={(token) => setPhoneToken(token)} />
      </div>
      <FormError message={formError} />
      <button
        type="button"
        className={`${primaryButton} w-full`}
        disabled={!ready || busy}
        onClick={() => void finish({ name: values.name.trim(), birth_date: values.birth_date, sex: values.sex, verify_token: phoneToken })}
      >
        {busy ? t('verify.submitting') : t('verify.submit')}
      </button>
    </div>
  );
}
