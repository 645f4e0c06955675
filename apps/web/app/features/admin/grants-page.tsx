import { type AdminAuditEntry, CURRENCIES, type Currency, WALLET_GRANT, type WalletGrantSet } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useActionKey } from '../../lib/action-key';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FormError, inputClass, primaryButton, TextField } from '../../ui/fields';
import type { AdminList } from './admin.server';
import { grant } from './admin-api';
import { AdminEmpty, AuditTable, ListError, Pager, ScreenTitle } from './admin-ui';

const FIELDS = ['id', 'currency', 'amount', 'reason'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Operator grants: STAR or CUBIC to a member (by login ID) with a reason, after a confirmation that repeats
 * who gets what; the balance before and after shows once granted. Below, the grants made so far (audit).
 */
export function GrantsPage({ data, page }: { data: AdminList<AdminAuditEntry>; page: number }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const names = useCurrencyNames();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const key = useActionKey();
  const [values, setValues] = useState<Record<Field, string>>({ id: '', currency: 'STAR', amount: '', reason: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: Field | ''; message: string } | null>(null);
  const [done, setDone] = useState<WalletGrantSet | null>(null);
  const currencyName = (c: Currency) => (c === 'CUBIC' ? names.item : names.star);

  const change = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    key.reset();
    setDone(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const ask = t('grants.confirm', {
      id: values.id.trim(),
      amount: values.amount.trim(),
      currency: currencyName(values.currency as Currency),
      reason: values.reason.trim(),
    });
    if (!(await dialog.confirm(ask, { title: t('grants.confirmTitle') }))) return;
    setBusy(true);
    setError(null);
    const res = await grant({ ...values, id: values.id.trim() }, key.take(), t('error.retry'));
    key.answered(res.rslt_cd);
    setBusy(false);
    if (isOk(res)) {
      setDone(res.rslt_set);
      setValues((v) => ({ ...v, amount: '', reason: '' }));
      void revalidator.revalidate();
      return;
    }
    const field = fieldOf(res) ?? '';
    // The grant names its receiver `user_key` when neither key nor ID was given: that is the ID field here.
    const mapped = field === 'user_key' ? 'id' : field;
    setError({ field: (FIELDS as readonly string[]).includes(mapped) ? (mapped as Field) : '', message: res.rslt_msg || t('error.retry') });
  }

  const errorsOf = (name: Field) => (error?.field === name ? [error.message] : []);
  return (
    <div data-admin-grants>
      <ScreenTitle title={t('grants.title')} />
      <form
        className="grid max-w-xl gap-3 rounded-xl border border-neutral-200 p-4"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-grant-form
      >
        <TextField
          id="grant-id"
          label={t('grants.member')}
          value={values.id}
          onChange={(e) => change('id', e.target.value)}
          errors={errorsOf('id')}
        />
        <div>
          <label htmlFor="grant-currency" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('grants.currency')}
          </label>
          <select id="grant-currency" className={inputClass} value={values.currency} onChange={(e) => change('currency', e.target.value)}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {currencyName(c)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="grant-amount"
          label={t('grants.amount')}
          inputMode="numeric"
          value={values.amount}
          onChange={(e) => change('amount', e.target.value)}
          errors={errorsOf('amount')}
          hint={t('grants.amountHint', { min: WALLET_GRANT.min, max: formatNumber(WALLET_GRANT.max, lang) })}
        />
        <TextField
          id="grant-reason"
          label={t('grants.reason')}
          value={values.reason}
          maxLength={WALLET_GRANT.reasonMax}
          onChange={(e) => change('reason', e.target.value)}
          errors={errorsOf('reason')}
        />
        <FormError message={error && error.field === '' ? error.message : undefined} />
        {done && (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-grant-done>
            {t('grants.done', {
              amount: formatNumber(done.amount, lang),
              currency: currencyName(done.currency),
              before: formatNumber(done.balance_before, lang),
              after: formatNumber(done.balance_after, lang),
            })}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={busy} data-grant-submit>
          {busy ? t('dialog.working') : key.undecided ? t('grants.retry') : t('grants.submit')}
        </button>
      </form>
      <h2 className="mt-8 mb-3 text-lg font-bold">{t('grants.history')}</h2>
      {!data.ok ? (
        <ListError message={data.message} />
      ) : data.list.data_list.length === 0 ? (
        <AdminEmpty name="grants" text={t('grants.empty')} />
      ) : (
        <AuditTable entries={data.list.data_list} />
      )}
      {data.ok && <Pager page={page} total={data.list.data_totalcount} busy={navigation.state !== 'idle'} />}
    </div>
  );
}
