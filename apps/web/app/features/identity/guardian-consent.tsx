import type { IdentityVerifySet } from '@byeol/contract';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { secondaryButton, TextField } from '../../ui/fields';
import { IdentityVerify } from './identity-verify';

export interface GuardianValue {
  name: string;
  /** The guardian's identity token; empty until verified. */
  token: string;
}

/**
 * The legal guardian step of an under-14 join (SPEC §5): the guardian's name as typed, and the guardian's
 * own identity verification. The server checks that both names match and that the guardian is 19+.
 */
export function GuardianConsent({
  value,
  onChange,
  error,
  today,
}: {
  value: GuardianValue;
  onChange: (value: GuardianValue) => void;
  /** The server's refusal (e.g. 'guardian name mismatch'), shown beside the guardian name. */
  error?: string;
  today: string;
}) {
  const { t } = useTranslation('identity');
  const [verified, setVerified] = useState<IdentityVerifySet | null>(null);
  const [attempt, setAttempt] = useState(0);
  return (
    <section aria-labelledby="guardian-title" className="space-y-4 rounded-xl border border-brand/40 bg-brand/5 p-4" data-guardian-consent>
      <h3 id="guardian-title" className="text-base font-bold">
        {t('guardian.title')}
      </h3>
      <p className="text-sm text-neutral-700">{t('guardian.intro')}</p>
      <TextField
        id="guardian-name"
        name="guardian_name"
        label={t('guardian.name')}
        maxLength={40}
        value={value.name}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
        errors={[error ?? '']}
        hint={t('guardian.nameHint')}
      />
      {verified && value.token ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p role="status" className="text-sm font-semibold text-emerald-700">
            {t('guardian.verified', { name: verified.name })}
          </p>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setVerified(null);
              setAttempt((n) => n + 1);
              onChange({ ...value, token: '' });
            }}
          >
            {t('guardian.again')}
          </button>
        </div>
      ) : (
        <IdentityVerify
          key={attempt}
          purpose="guardian"
          idPrefix="guardian-identity"
          today={today}
          onVerified={(set) => {
            setVerified(set);
            onChange({ ...value, token: set.identity_token });
          }}
        />
      )}
    </section>
  );
}
