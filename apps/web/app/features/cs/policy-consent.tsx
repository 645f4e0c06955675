import { type PolicyPending, ResultCode } from '@byeol/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSignOut } from '../../lib/account-api';
import { isOk } from '../../lib/answer';
import { policyPath } from '../../lib/cs-links';
import { kstDate } from '../../lib/format';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FormError, primaryButton } from '../../ui/fields';
import { agreePolicy, pendingPolicies } from './cs-api';
import { isBarePath } from './cs-rules';

/**
 * The re-agreement of SPEC issue 19: once per page load, when a member is signed in (after signing in too),
 * GET /policy/policy_pending; required policies changed since the member agreed open a modal dialog listing
 * each (title, version, effective date, reason, a link to read it) with one "동의" that agrees to them all.
 * It cannot be dismissed (no Escape, no click outside, no close button): the only other way out is signing
 * out. Mounted once from the root (root.tsx); guests cost nothing. OBS overlays and popups never show it.
 */
export function PolicyConsent() {
  const { t } = useTranslation('cs');
  const user = useUser();
  const dialog = useDialog();
  const { pathname } = useLocation();
  const bare = isBarePath(pathname);
  // The member already asked in this page load, and how to close the dialog while it is open.
  const asked = useRef<number | null>(null);
  const closeOpen = useRef<(() => void) | null>(null);
  const userKey = user?.user_key ?? null;

  useEffect(() => {
    if (userKey === null) {
      // Signed out (here or elsewhere): the next sign-in asks again.
      asked.current = null;
      closeOpen.current?.();
      return;
    }
    if (bare || asked.current === userKey) return;
    asked.current = userKey;
    void (async () => {
      const res = await pendingPolicies(t('retry'));
      if (!isOk(res) || res.rslt_set.data_list.length === 0 || closeOpen.current || asked.current !== userKey) return;
      await dialog.center(
        (close) => {
          closeOpen.current = () => close();
          return <ConsentBody pending={res.rslt_set.data_list} onDone={() => close()} />;
        },
        { title: t('consent.title'), dismissible: false, className: 'w-[min(92vw,34rem)]' },
      );
      closeOpen.current = null;
    })();
  }, [userKey, bare, dialog, t]);

  return null;
}

function ConsentBody({ pending, onDone }: { pending: PolicyPending[]; onDone: () => void }) {
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
