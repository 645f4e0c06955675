import { APPLICATION_KINDS, applicationsEndpoints, type FamilyAccount, type ListSet, SWITCH_ENDPOINTS } from '@byeol/contract';
import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { FormError, secondaryButton } from '../../ui/fields';

/**
 * /mypage: the member's accounts (the personal one and the BJ, K-STAR and program accounts it owns) with a
 * switch control, and links to apply for one and to adult verification.
 */
export function AccountSwitch() {
  const { t } = useTranslation('identity');
  const revalidator = useRevalidator();
  const [accounts, setAccounts] = useState<FamilyAccount[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);

  async function load() {
    const res = await send(() => api.call(applicationsEndpoints.accountList), t('accounts.error'));
    if (isOk(res)) setAccounts((res.rslt_set as ListSet<FamilyAccount>).data_list);
    else setError(res.rslt_msg || t('accounts.error'));
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per mount
  useEffect(() => {
    void load();
  }, []);

  const current = accounts?.find((a) => a.current);
  const personal = current?.kind === 'personal';

  async function switchTo(target: FamilyAccount) {
    if (!current) return;
    // From the owner: the target's kind; from an owned account back to the owner: this account's own kind.
    const kind = target.kind === 'personal' ? current.kind : target.kind;
    if (kind === 'personal') return;
    setBusy(target.user_key);
    setError('');
    const res = await send(() => api.call(SWITCH_ENDPOINTS[kind]), t('error.retry'));
    setBusy(null);
    if (!isOk(res)) {
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    await load();
    await revalidator.revalidate();
  }

  return (
    <section aria-labelledby="accounts-title" className="mt-8 space-y-4" data-accounts>
      <h2 id="accounts-title" className="text-lg font-bold">
        {t('accounts.title')}
      </h2>
      <FormError message={error} />
      {accounts && (
        <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
          {accounts.map((a) => (
            <li key={a.user_key} className="flex items-center justify-between gap-3 px-4 py-3" data-account={a.kind}>
              <div className="min-w-0">
                <p className="truncate font-semibold">{a.nick}</p>
                <p className="text-xs text-neutral-500">{t(`accounts.kind.${a.kind}`)}</p>
              </div>
              {a.current ? (
                <span className="rounded-full bg-brand/10 px-3 py-1 text-xs font-bold text-brand-dark">{t('accounts.current')}</span>
              ) : (
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={`${a.nick} ${t('accounts.switch')}`}
                  disabled={busy !== null}
                  onClick={() => void switchTo(a)}
                >
                  {busy === a.user_key ? t('accounts.switching') : t('accounts.switch')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {accounts && accounts.length === 1 && <p className="text-sm text-neutral-500">{t('accounts.none')}</p>}
      {personal && (
        <nav aria-label={t('accounts.apply')} className="flex flex-wrap gap-2">
          {APPLICATION_KINDS.map((kind) => (
            <Link key={kind} to={`/mypage/signup/${kind}`} className={secondaryButton}>
              {t(`apply.title.${kind}`)}
            </Link>
          ))}
          <Link to="/user/adult-verify" className={secondaryButton}>
            {t('accounts.adult')}
          </Link>
        </nav>
      )}
    </section>
  );
}
