import { type PolicyPending, ResultCode } from '@byeol/contract';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSignOut } from '../../lib/account-api';
import { isOk } from '../../lib/answer';
import { policyPath } from '../../lib/cs-links';
import { kstDate } from '../../lib/format';
import { useDialog } from '../../ui/dialogs';
import { FormError, primaryButton } from '../../ui/fields';
import { agreePolicy } from './cs-api';

/** The re-agreement dialog's body (policy-consent.tsx loads it when a member has policies to agree to). */
export function ConsentBody({ pending, onDone }: { pending: PolicyPending[]; onDone: () => void }) {
  const { t } = useTranslation('cs');
  const dialog = useDialog();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // Agreed in this dialog already (a retry after a failure sends only the rest).
  const [agreed, setAgreed] = useState<number[]>([]);

  async function agree() {
    setBusy(true);
    setError('');
    const done = [...agreed];
    for (const policy of pending) {
      if (done.includes(policy.id)) continue;
      const res = await agreePolicy(policy.id, policy.ver, t('retry'));
      if (!isOk(res)) {
        setAgreed(done);
        setBusy(false);
        // Signed out elsewhere: nothing to agree to any more.
        if (res.rslt_cd === ResultCode.LOGIN_REQUIRED) onDone();
        else setError(res.rslt_msg || t('retry'));
        return;
      }
      done.push(policy.id);
    }
    onDone();
    dialog.toast(t('consent.agreed'));
  }

  async function leave() {
    setBusy(true);
    const res = await signOut(t('retry'));
    setBusy(false);
    if (res.rslt_cd === 0) onDone();
    else setError(res.rslt_msg || t('retry'));
  }

  return (
    <div className="p-5 sm:p-6" data-policy-consent={pending.length}>
      <h2 className="text-lg font-extrabold">{t('consent.title')}</h2>
      <p className="mt-2 text-sm text-neutral-700">{t('consent.intro')}</p>
      <ul className="mt-4 space-y-3">
        {pending.map((policy) => (
          <li
            key={policy.id}
            className="rounded-xl border border-neutral-200 p-3 text-sm"
            data-consent-policy={policy.id}
            data-ver={policy.ver}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="min-w-0 break-words font-bold">{t('consent.item', { title: policy.title, ver: policy.ver })}</p>
              <a
                href={policyPath(policy.id)}
                target="_blank"
                rel="noopener"
                aria-label={t('consent.readLabel', { title: policy.title })}
                className="inline-flex min-h-11 shrink-0 items-center font-semibold text-brand-dark underline-offset-2 hover:underline"
                data-consent-read
              >
                {t('consent.read')} ↗
              </a>
            </div>
            <p className="text-neutral-600">{t('consent.effective', { date: kstDate(policy.effective_date) })}</p>
            {policy.reason && <p className="mt-1 break-words text-neutral-800">{t('consent.reason', { reason: policy.reason })}</p>}
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <FormError message={error} />
      </div>
      <button
        type="button"
        className={`${primaryButton} mt-2 w-full`}
        disabled={busy}
        onClick={() => void agree()}
        data-autofocus
        data-consent-agree
      >
        {busy ? t('consent.agreeing') : t('consent.agree')}
      </button>
      <button
        type="button"
        className="mt-2 inline-flex min-h-11 w-full items-center justify-center text-sm font-semibold text-neutral-600 underline-offset-2 hover:underline disabled:opacity-50"
        disabled={busy}
        onClick={() => void leave()}
        data-consent-sign-out
      >
        {t('consent.signOut')}
      </button>
    </div>
  );
}
