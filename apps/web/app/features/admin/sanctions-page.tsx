import {
  type AdminDashboard,
  GM_SANCTION_KINDS,
  SANCTION_KINDS,
  SANCTION_LIMITS,
  type Sanction,
  type SanctionKind,
  sanctionsEndpoints,
} from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigation, useOutletContext, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FormError, inputClass, primaryButton, TextField } from '../../ui/fields';
import type { AdminList } from './admin.server';
import { kstMinute } from './admin-rules';
import { AdminEmpty, cellClass, headClass, ListError, Pager, ScreenTitle, smallButton } from './admin-ui';

const FIELDS = ['id', 'kind', 'hours', 'reason'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Sanctions (docs/sanctions.md): a member by login ID, the kind, the period in hours and the reason the
 * member sees, after a confirmation; below, the sanctions in force (or all) with their end and a lift button.
 * GMs are offered broadcasting and chat bans only (the server refuses the rest anyway).
 */
export function SanctionsPage({ data, page, state }: { data: AdminList<Sanction>; page: number; state: 'active' | 'all' }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // The console's frame hands its dashboard (who is signed in) to every screen (routes/admin.tsx).
  const role = useOutletContext<AdminDashboard | undefined>()?.role;
  const kinds: readonly SanctionKind[] = role === 'gm' ? GM_SANCTION_KINDS : SANCTION_KINDS;
  const [values, setValues] = useState<Record<Field, string>>({ id: '', kind: kinds[0] as string, hours: '24', reason: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: Field | ''; message: string } | null>(null);
  const [done, setDone] = useState<Sanction | null>(null);
  const change = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setDone(null);
  };
  const kindName = (kind: SanctionKind) => t(`sanctions.kinds.${kind}`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // Empty fields are named before anything is sent (the server would refuse them too).
    const empty = (['id', 'hours', 'reason'] as const).find((f) => values[f].trim() === '');
    if (empty) {
      setError({ field: empty, message: t('sanctions.required') });
      return;
    }
    const ask = t('sanctions.confirm', {
      id: values.id.trim(),
      hours: values.hours.trim(),
      kind: kindName(values.kind as SanctionKind),
      reason: values.reason.trim(),
    });
    if (!(await dialog.confirm(ask, { title: t('sanctions.confirmTitle') }))) return;
    setBusy(true);
    setError(null);
    const res = await send(
      () =>
        api.call(sanctionsEndpoints.save, {
          id: values.id.trim(),
          kind: values.kind as SanctionKind,
          hours: values.hours.trim(),
          reason: values.reason.trim(),
        }),
      t('error.retry'),
    );
    setBusy(false);
    if (isOk(res)) {
      setDone(res.rslt_set);
      setValues((v) => ({ ...v, id: '', reason: '' }));
      void revalidator.revalidate();
      return;
    }
    const field = fieldOf(res) ?? '';
    setError({ field: (FIELDS as readonly string[]).includes(field) ? (field as Field) : '', message: res.rslt_msg || t('error.retry') });
  }

  async function lift(s: Sanction) {
    if (!(await dialog.confirm(t('sanctions.liftConfirm', { id: s.id, kind: kindName(s.kind) })))) return;
    const res = await send(() => api.call(sanctionsEndpoints.lift, { sanction_sn: String(s.sanction_sn) }), t('error.retry'));
    if (!isOk(res)) await dialog.ok(res.rslt_msg || t('error.retry'));
    void revalidator.revalidate();
  }

  const errorsOf = (name: Field) => (error?.field === name ? [error.message] : []);
  const stateOf = (s: Sanction) =>
    s.active_yn === 'Y' ? t('sanctions.active') : s.lifted_at ? t('sanctions.lifted') : t('sanctions.ended');
  return (
    <div data-admin-sanctions>
      <ScreenTitle title={t('sanctions.title')} />
      <form
        className="grid max-w-xl gap-3 rounded-xl border border-neutral-200 p-4"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-sanction-form
      >
        <TextField
          id="sanction-id"
          label={t('sanctions.member')}
          value={values.id}
          onChange={(e) => change('id', e.target.value)}
          errors={errorsOf('id')}
        />
        <div>
          <label htmlFor="sanction-kind" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('sanctions.kind')}
          </label>
          <select id="sanction-kind" className={inputClass} value={values.kind} onChange={(e) => change('kind', e.target.value)}>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {kindName(k)}
              </option>
            ))}
          </select>
          {role === 'gm' && <p className="mt-1 text-xs text-neutral-500">{t('sanctions.gmNote')}</p>}
        </div>
        <TextField
          id="sanction-hours"
          label={t('sanctions.hours')}
          inputMode="numeric"
          value={values.hours}
          onChange={(e) => change('hours', e.target.value)}
          errors={errorsOf('hours')}
          hint={t('sanctions.hoursHint', { min: SANCTION_LIMITS.hoursMin, max: formatNumber(SANCTION_LIMITS.hoursMax, lang) })}
        />
        <TextField
          id="sanction-reason"
          label={t('sanctions.reason')}
          value={values.reason}
          maxLength={SANCTION_LIMITS.reasonMax}
          onChange={(e) => change('reason', e.target.value)}
          errors={errorsOf('reason')}
        />
        <FormError message={error && error.field === '' ? error.message : undefined} />
        {done && (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-sanction-done>
            {t('sanctions.done', { id: done.id, kind: kindName(done.kind), until: kstMinute(Date.parse(done.ends_at)) })}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={busy} data-sanction-submit>
          {busy ? t('dialog.working') : t('sanctions.submit')}
        </button>
      </form>

      <div className="mt-8 mb-3 flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-bold">{t('sanctions.listTitle')}</h2>
        <nav className="flex gap-2 text-sm">
          {(['active', 'all'] as const).map((s) => (
            <Link
              key={s}
              to={s === 'active' ? '?' : '?state=all'}
              aria-current={state === s ? 'page' : undefined}
              className={`rounded-full px-3 py-1 font-semibold ${state === s ? 'bg-brand text-white' : 'bg-neutral-100 text-neutral-700'}`}
            >
              {s === 'active' ? t('sanctions.showActive') : t('sanctions.showAll')}
            </Link>
          ))}
        </nav>
      </div>
      {!data.ok ? (
        <ListError message={data.message} />
      ) : data.list.data_list.length === 0 ? (
        <AdminEmpty name="sanctions" text={t('sanctions.empty')} />
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <thead>
              <tr>
                <th className={headClass}>{t('sanctions.member')}</th>
                <th className={headClass}>{t('sanctions.kind')}</th>
                <th className={headClass}>{t('sanctions.reason')}</th>
                <th className={headClass}>{t('sanctions.until')}</th>
                <th className={headClass}>{t('sanctions.by')}</th>
                <th className={headClass}>{t('sanctions.state')}</th>
                <th className={headClass}>
                  <span className="sr-only">{t('sanctions.lift')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.data_list.map((s) => (
                <tr key={s.sanction_sn} className="border-t border-neutral-100" data-sanction={s.sanction_sn} data-state={s.active_yn}>
                  <td className={cellClass}>
                    {s.nick} <span className="text-neutral-500">({s.id})</span>
                  </td>
                  <td className={cellClass}>{kindName(s.kind)}</td>
                  <td className={`${cellClass} break-words`}>{s.reason}</td>
                  <td className={cellClass}>{kstMinute(Date.parse(s.ends_at))}</td>
                  <td className={cellClass}>{s.created_by_nick}</td>
                  <td className={cellClass}>{stateOf(s)}</td>
                  <td className={cellClass}>
                    {s.active_yn === 'Y' && kinds.includes(s.kind) && (
                      <button type="button" className={smallButton} onClick={() => void lift(s)} data-sanction-lift>
                        {t('sanctions.lift')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.ok && <Pager page={page} total={data.list.data_totalcount} busy={navigation.state !== 'idle'} />}
    </div>
  );
}
