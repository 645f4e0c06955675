import { accountsEndpoints, type TotpSetupSet } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { ScreenTitle } from './admin-ui';

/**
 * Two-step sign-in for the signed-in operator or GM (docs/accounts-login.md): a new secret shown as a key
 * (groups of four) and as an otpauth:// link a phone opens in its authenticator app, then the app's first
 * code turns it on.
 */
export function SecurityPage({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('admin');
  const revalidator = useRevalidator();
  const [setup, setSetup] = useState<TotpSetupSet | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  async function start() {
    setBusy(true);
    setError('');
    const res = await send(() => api.call(accountsEndpoints.totpSetup), t('error.retry'));
    setBusy(false);
    if (isOk(res)) setSetup(res.rslt_set);
    else setError(res.rslt_msg || t('error.retry'));
  }

  async function enable(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    const res = await send(() => api.call(accountsEndpoints.totpEnable, { otp: code.trim() }), t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    setDone(true);
    setSetup(null);
    void revalidator.revalidate();
  }

  return (
    <div className="max-w-xl space-y-4" data-admin-security data-totp={enabled ? 'on' : 'off'}>
      <ScreenTitle title={t('security.title')} />
      <p className="text-sm text-neutral-600">{t('security.intro')}</p>
      <p
        className={`rounded-lg px-3 py-2 text-sm font-semibold ${enabled ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
        role="status"
      >
        {done ? t('security.enabled') : enabled ? t('security.on') : t('security.off')}
      </p>
      {!enabled && !setup && !done && (
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void start()} data-totp-setup>
          {t('security.setup')}
        </button>
      )}
      {setup && (
        <form className="space-y-3 rounded-xl border border-neutral-200 p-4" onSubmit={(e) => void enable(e)} noValidate>
          <p className="text-sm">{t('security.step1')}</p>
          <p className="text-xs font-semibold text-neutral-500">{t('security.key')}</p>
          <p className="break-all rounded-lg bg-neutral-100 px-3 py-2 font-mono text-sm" data-totp-secret={setup.secret}>
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </p>
          <a href={setup.otpauth_uri} className={`${secondaryButton} inline-flex`}>
            {t('security.link')}
          </a>
          <p className="text-sm">{t('security.step2')}</p>
          <TextField
            id="totp-code"
            label={t('security.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            errors={[]}
          />
          <button type="submit" className={primaryButton} disabled={busy || code.length !== 6} data-totp-enable>
            {t('security.enable')}
          </button>
        </form>
      )}
      <FormError message={error || undefined} />
      <p className="text-xs text-neutral-500">{t('security.lost')}</p>
    </div>
  );
}
