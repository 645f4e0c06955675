import type { RecoveryAccount } from '@byeol/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { dateFormat } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { primaryButton } from '../../ui/fields';

/** What the chooser needs of an account: confirm_pincode's account_list fits, find_id_pw_user_proc adds the social flags. */
export type ChooserAccount = Pick<RecoveryAccount, 'user_key' | 'id' | 'nick' | 'reg_date'> &
  Partial<Pick<RecoveryAccount, 'social_only' | 'social_list'>>;

/**
 * SPEC §2 'account chooser': the accounts of one verified phone (several accounts may share a phone), one
 * to pick, then the caller's action. Used by /user/forgot-id and /user/forgot-passwd; the login-unlock
 * flow can hand it confirm_pincode's account_list. `unavailable` answers why an account cannot be picked
 * (shown under it), or nothing.
 */
export function AccountChooser({
  accounts,
  legend,
  submitLabel,
  unavailable,
  onChoose,
}: {
  accounts: readonly ChooserAccount[];
  legend: string;
  submitLabel: string;
  unavailable?: (account: ChooserAccount) => string | undefined;
  onChoose: (account: ChooserAccount) => void;
}) {
  const { t } = useTranslation('recovery');
  const lang = useLang();
  const uid = useId();
  const selectable = accounts.filter((a) => !unavailable?.(a));
  // One account that can be picked is picked already.
  const [chosen, setChosen] = useState<number | null>(selectable.length === 1 ? (selectable[0]?.user_key ?? null) : null);
  const date = dateFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  const picked = selectable.find((a) => a.user_key === chosen);

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (picked) onChoose(picked);
      }}
    >
      <fieldset>
        <legend className="mb-1 font-semibold text-neutral-800">{legend}</legend>
        <p className="mb-3 text-sm text-neutral-500">{t('chooser.count', { count: accounts.length })}</p>
        <ul className="space-y-2" data-account-chooser>
          {accounts.map((account) => {
            const reason = unavailable?.(account);
            const providers = (account.social_list ?? []).map((p) => t(`chooser.provider.${p}`, { defaultValue: p })).join(', ');
            const inputId = `${uid}-${account.user_key}`;
            return (
              <li key={account.user_key}>
                <label
                  htmlFor={inputId}
                  className={`flex min-h-11 gap-3 rounded-lg border px-3 py-3 ${reason ? 'cursor-not-allowed border-neutral-200 bg-neutral-50 text-neutral-500' : chosen === account.user_key ? 'cursor-pointer border-brand bg-brand/5' : 'cursor-pointer border-neutral-300 hover:bg-neutral-50'}`}
                  data-account-id={account.id}
                >
                  <input
                    id={inputId}
                    type="radio"
                    name={`${uid}-account`}
                    value={account.user_key}
                    className="mt-1 size-5 shrink-0 accent-brand"
                    checked={chosen === account.user_key}
                    disabled={Boolean(reason)}
                    aria-describedby={`${inputId}-about`}
                    onChange={() => setChosen(account.user_key)}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block break-all font-bold text-neutral-900">
                      <span className="sr-only">{t('chooser.id')} </span>
                      {account.id}
                    </span>
                    <span id={`${inputId}-about`} className="mt-0.5 block text-sm text-neutral-600">
                      <span className="sr-only">{t('chooser.nick')} </span>
                      {account.nick} · {t('chooser.joined')} {date.format(new Date(account.reg_date))}
                      {account.social_only === 'Y' && (
                        <span className="mt-1 block text-neutral-700">{t('chooser.social', { providers: providers || '—' })}</span>
                      )}
                      {reason && <span className="mt-1 block text-neutral-500">{reason}</span>}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <button type="submit" className={`${primaryButton} w-full`} disabled={!picked}>
        {submitLabel}
      </button>
    </form>
  );
}
