import { type IdentityInfo, type IdentityVerifySet, identityEndpoints, koreanToday } from '@byeol/contract';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { dateFormat } from '../../lib/format';
import { useLang, useSite } from '../../lib/use-site';
import { FormError } from '../../ui/fields';
import { IdentityVerify } from './identity-verify';

/**
 * /user/adult-verify: a logged-in member verifies their identity; 19+ by Korean law records the adult
 * verification (POST /user/adult_verify_proc), under 19 shows the server's message and records nothing.
 */
export function AdultVerifyPage({ info }: { info: IdentityInfo }) {
  const { t } = useTranslation('identity');
  const lang = useLang();
  const today = koreanToday(useSite()?.now ?? Date.now());
  const [state, setState] = useState(info);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  async function record(set: IdentityVerifySet) {
    setBusy(true);
    setError('');
    const res = await send(() => api.call(identityEndpoints.adultVerify, { identity_token: set.identity_token }), t('error.retry'));
    setBusy(false);
    if (isOk(res)) {
      const done = res.rslt_set as { real_name: string; adult_verified_at: string };
      setState({ identity_verified: true, adult: true, adult_verified_at: done.adult_verified_at, real_name: done.real_name });
      return;
    }
    setError(res.rslt_msg || t('error.retry'));
    // A fresh verification form for the next try (the person may have typed someone else's details).
    setAttempt((n) => n + 1);
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="mb-4 text-2xl font-bold">{t('adult.title')}</h1>
      {state.adult ? (
        <div role="status" className="rounded-xl bg-emerald-50 px-4 py-4 text-emerald-900" data-adult-verified>
          <p className="font-bold">{t('adult.done')}</p>
          {state.adult_verified_at && (
            <p className="mt-1 text-sm">
              {t('adult.doneAt', {
                name: state.real_name,
                date: dateFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(state.adult_verified_at)),
              })}
            </p>
          )}
        </div>
      ) : (
        <section className="space-y-4" aria-busy={busy}>
          <p className="text-sm text-neutral-700">{t('adult.intro')}</p>
          <p className="text-xs text-neutral-500">{t('adult.rule')}</p>
          <FormError message={error} />
          {busy ? (
            <p className="text-sm text-neutral-500">{t('adult.verifying')}</p>
          ) : (
            <IdentityVerify key={attempt} purpose="adult" idPrefix="adult" today={today} onVerified={(set) => void record(set)} />
          )}
        </section>
      )}
    </div>
  );
}
