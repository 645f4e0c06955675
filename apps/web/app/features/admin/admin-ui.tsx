import type { AdminAuditEntry, AdminDashboard } from '@byeol/contract';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { type Answer, fieldOf, isOk } from '../../lib/answer';
import { kstDate } from '../../lib/format';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { EmptyNote } from '../../ui/list-ui';
import { ADMIN_SECTIONS, auditDiff, pageCount, sectionPath, withPage } from './admin-rules';
import { isLabelledAction, isLabelledTargetKind } from './community-rules';

export const cellClass = 'px-3 py-2 align-top';

/**
 * False while the page is the server's HTML, true once React runs it: buttons that open client-side forms
 * or dialogs stay disabled until they work.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
export const headClass = 'px-3 py-2 text-left text-xs font-semibold text-neutral-500';
export const smallButton =
  'min-h-9 rounded-lg border border-neutral-300 bg-white px-3 py-1.5 text-xs font-semibold hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-50';

/** The console's frame: the left menu of sections and the screen beside it. */
export function AdminFrame({ dashboard, children }: { dashboard: AdminDashboard; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const menu = useRef<HTMLUListElement>(null);
  // On a phone the menu is one scrolling row: the open section is brought into it (never the page scrolled).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the section changes
  useEffect(() => {
    const list = menu.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div
      className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:flex-row md:gap-6 md:py-8"
      data-admin-console
      data-admin-role={dashboard.role}
    >
      <nav aria-label={t('menu.label')} className="min-w-0 shrink-0 md:w-52" data-admin-menu>
        <p className="mb-1 text-lg font-bold md:mb-3">{t('title')}</p>
        <p className="mb-3 text-xs text-neutral-500 md:mb-4">
          {t('menu.signedInAs', { nick: dashboard.nick, role: t(`role.${dashboard.role}`) })}
        </p>
        <ul
          ref={menu}
          className="relative -mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:block md:space-y-1 md:overflow-visible md:px-0 md:pb-0"
        >
          {ADMIN_SECTIONS.map((section) => (
            <li key={section} className="shrink-0">
              <NavLink
                to={sectionPath(section)}
                end
                data-admin-section={section}
                className={({ isActive }) =>
                  `flex min-h-11 items-center justify-between gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold md:min-h-0 ${isActive ? 'bg-brand text-white' : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200 md:bg-transparent md:hover:bg-neutral-100'}`
                }
              >
                {t(`menu.${section}`)}
                {section === 'deposits' && dashboard.pending_deposits > 0 && (
                  <span className="rounded-full bg-amber-400 px-2 text-xs text-neutral-900" data-menu-pending>
                    {dashboard.pending_deposits}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0 flex-1">{children}</section>
    </div>
  );
}

/**
 * A console table: the column heads (an empty head is the actions column, named for screen readers only) and
 * the rows. On a phone it keeps a readable width and scrolls sideways in its frame (the page never does):
 * squeezed into 360 px, its columns broke words a letter per line.
 */
export function AdminTable({ heads, children, name }: { heads: string[]; children: ReactNode; name?: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="relative overflow-x-auto rounded-xl border border-neutral-200">
      <table className="w-full min-w-[46rem] text-sm" data-admin-table={name}>
        <thead className="bg-neutral-50">
          <tr>
            {heads.map((head, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the heads of one table never move
              <th key={i} className={headClass}>
                {head || <span className="sr-only">{t('orders.actions')}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A signed-in member who is no operator or GM (the server's FORBIDDEN, in the member's language). */
export function AdminRefused({ message }: { message: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center" data-admin-refused>
      <h1 className="text-2xl font-bold">{t('refused.title')}</h1>
      <p className="mt-3 text-neutral-600">{message || t('refused.message')}</p>
      <Link to="/" className={`${primaryButton} mt-6 inline-block`}>
        {t('refused.home')}
      </Link>
    </div>
  );
}

export function ScreenTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** A list that could not load (a bad filter names its field). */
export function ListError({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-center text-red-700" data-admin-error>
      {message}
    </p>
  );
}

/** "Nothing here" for an empty console list. */
export const AdminEmpty = ({ name, text }: { name: string; text: string }) => <EmptyNote name={name} text={text} />;

/** Page links under a list: previous, "page x of y (n)", next; the filters stay in the URL. */
export function Pager({ page, total, busy }: { page: number; total: number; busy: boolean }) {
  const { t } = useTranslation('admin');
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const pages = pageCount(total);
  const link = (to: number, text: string, name: string) =>
    to < 1 || to > pages || busy ? (
      <span className={`${smallButton} opacity-50`} aria-disabled="true" data-page-link={name}>
        {text}
      </span>
    ) : (
      <Link to={withPage(params, to)} className={smallButton} data-page-link={name}>
        {text}
      </Link>
    );
  return (
    <nav aria-label={t('pager.label')} className="mt-4 flex items-center justify-center gap-3 text-sm" data-pager>
      {link(page - 1, t('pager.prev'), 'prev')}
      <span data-page={page}>{t('pager.status', { page, pages, total })}</span>
      {link(page + 1, t('pager.next'), 'next')}
    </nav>
  );
}

export function MemberCell({ nick, id }: { nick: string; id: string }) {
  return (
    <span>
      <span className="font-semibold">{nick}</span> <span className="text-xs text-neutral-500">({id})</span>
    </span>
  );
}

/** The audit rows: time, actor, action, target and what changed. */
export function AuditTable({ entries }: { entries: AdminAuditEntry[] }) {
  const { t } = useTranslation('admin');
  return (
    <AdminTable name="audit" heads={[t('audit.time'), t('audit.actor'), t('audit.action'), t('audit.target'), t('audit.change')]}>
      {entries.map((e) => (
        <tr key={e.audit_id} className="border-t border-neutral-100" data-audit={e.audit_id} data-action={e.action}>
          <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{kstDate(e.created_at, true)}</td>
          <td className={cellClass}>{e.actor_user_key === 0 ? t('audit.system') : <MemberCell nick={e.actor_nick} id={e.actor_id} />}</td>
          <td className={`${cellClass} whitespace-nowrap`} data-audit-action>
            {isLabelledAction(e.action) ? t(`action.${e.action}`) : e.action}
          </td>
          <td className={cellClass} data-audit-target>
            {e.target ? `${isLabelledTargetKind(e.target.kind) ? t(`targetKind.${e.target.kind}`) : e.target.kind} ${e.target.label}` : '-'}
          </td>
          <td className={cellClass}>
            <AuditChange entry={e} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function AuditChange({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation('admin');
  const lines = auditDiff(entry.before, entry.after);
  if (lines.length === 0) return <span className="text-neutral-400">{t('audit.noChange')}</span>;
  return (
    <ul className="space-y-0.5 font-mono text-xs" data-audit-diff>
      {lines.map((l) => (
        <li key={l.key} data-diff-key={l.key}>
          <span className="font-semibold">{l.key}</span>:{' '}
          {l.before !== null && <span className="text-red-700 line-through">{l.before}</span>}
          {l.before !== null && l.after !== null && ' → '}
          {l.after !== null && <span className="text-emerald-700">{l.after}</span>}
        </li>
      ))}
    </ul>
  );
}

/** One button of a row's actions; `name` becomes its `data-<name>` attribute. */
export interface RowAction {
  name: string;
  text: string;
  run: () => void;
  danger?: boolean;
}

/** A row's action buttons, all disabled while any action of the screen runs. */
export function RowActions({ actions, disabled, wrap = false }: { actions: RowAction[]; disabled: boolean; wrap?: boolean }) {
  return (
    <div className={wrap ? 'flex flex-wrap gap-2 md:flex-nowrap' : 'flex gap-2'}>
      {actions.map((a) => (
        <button
          key={a.name}
          type="button"
          className={`${a.danger ? `${smallButton} text-red-700` : smallButton} whitespace-nowrap`}
          disabled={disabled}
          onClick={a.run}
          {...{ [`data-${a.name}`]: '' }}
        >
          {a.text}
        </button>
      ))}
    </div>
  );
}

export interface ActionField {
  name: string;
  label: string;
  value: string;
  hint?: string;
  inputMode?: 'numeric' | 'text';
  /** `text` (default), a several-line `textarea`, a `select` of `options`, a `date` or a `checkbox` ('Y'/'N'). */
  kind?: 'text' | 'textarea' | 'select' | 'date' | 'checkbox';
  options?: { value: string; label: string }[];
  /** Named under the field before anything is sent when left empty. */
  required?: boolean;
  maxLength?: number;
  rows?: number;
}

/**
 * A console action in a layer dialog: its fields (prefilled, editable), one submit button disabled while the
 * call runs, and each refusal shown where it belongs: under the field it names, else above the buttons.
 * Closes with the call's answer on success.
 */
export function ActionDialog<R>({
  intro,
  fields,
  submitLabel,
  danger = false,
  onSubmit,
  close,
}: {
  intro?: ReactNode;
  fields: ActionField[];
  submitLabel: string;
  danger?: boolean;
  onSubmit: (values: Record<string, string>) => Promise<Answer<R>>;
  close: (result?: R) => void;
}) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, f.value])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const empty = fields.find((f) => f.required && (values[f.name] ?? '').trim() === '');
    if (empty) {
      setError({ field: empty.name, message: t('form.required') });
      document.getElementById(`admin-${empty.name}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const res = await onSubmit(values);
    setBusy(false);
    if (isOk(res)) {
      close(res.rslt_set);
      return;
    }
    const field = fieldOf(res) ?? '';
    setError({ field: field in values ? field : '', message: res.rslt_msg || t('error.retry') });
  }

  return (
    <form className="space-y-4 p-4 text-neutral-900" onSubmit={(e) => void submit(e)} noValidate data-admin-dialog>
      {intro}
      {fields.map((f) => (
        <DialogField
          key={f.name}
          field={f}
          value={values[f.name] ?? ''}
          change={(value) => {
            setValues((v) => ({ ...v, [f.name]: value }));
            if (error?.field === f.name) setError(null);
          }}
          errors={error?.field === f.name ? [error.message] : []}
        />
      ))}
      <FormError message={error && error.field === '' ? error.message : undefined} />
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={() => close()} disabled={busy}>
          {t('dialog.cancel')}
        </button>
        <button
          type="submit"
          className={danger ? `${primaryButton} bg-red-600 hover:bg-red-700` : primaryButton}
          disabled={busy}
          data-admin-submit
        >
          {busy ? t('dialog.working') : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** One field of an ActionDialog: its label, the control of its kind and its messages (`admin-<name>`). */
function DialogField({
  field: f,
  value,
  change,
  errors,
}: {
  field: ActionField;
  value: string;
  change: (value: string) => void;
  errors: string[];
}) {
  const id = `admin-${f.name}`;
  if (!f.kind || f.kind === 'text' || f.kind === 'date')
    return (
      <TextField
        id={id}
        name={f.name}
        type={f.kind === 'date' ? 'date' : 'text'}
        label={f.label}
        hint={f.hint}
        inputMode={f.inputMode}
        maxLength={f.maxLength}
        value={value}
        onChange={(e) => change(e.target.value)}
        errors={errors}
      />
    );
  if (f.kind === 'checkbox')
    return (
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-neutral-800">
        <input
          id={id}
          name={f.name}
          type="checkbox"
          className="size-5"
          checked={value === 'Y'}
          onChange={(e) => change(e.target.checked ? 'Y' : 'N')}
        />
        {f.label}
      </label>
    );
  const control = {
    id,
    name: f.name,
    className: inputClass,
    value,
    'aria-invalid': errors.length > 0,
    'aria-describedby': `${id}-msg`,
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {f.label}
      </label>
      {f.kind === 'select' ? (
        <select {...control} onChange={(e) => change(e.target.value)}>
          {(f.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <textarea {...control} rows={f.rows ?? 4} maxLength={f.maxLength} onChange={(e) => change(e.target.value)} />
      )}
      <FieldMessages id={id} errors={errors} hint={f.hint} />
    </div>
  );
}

/**
 * A console list that is a table from `md` up and a stack of cards on a phone (each cell then shows its
 * head as a label): nothing is ever wider than the screen.
 */
export function CardTable({ heads, children, name }: { heads: string[]; children: ReactNode; name: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-neutral-200">
      <table className="block w-full text-sm md:table" data-admin-table={name}>
        <thead className="hidden bg-neutral-50 md:table-header-group">
          <tr>
            {heads.map((head, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the heads of one table never move
              <th key={i} className={headClass}>
                {head || <span className="sr-only">{t('orders.actions')}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0">{children}</tbody>
      </table>
    </div>
  );
}

/** A row of a CardTable (a card on a phone). */
export const cardRowClass =
  'block rounded-xl border border-neutral-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:border-t md:border-neutral-100 md:p-0';

/** A cell of a CardTable: on a phone its `label` stands before it (none for the actions cell). */
export function CardCell({ label, children, className = '' }: { label?: string; children: ReactNode; className?: string }) {
  return (
    <td className={`flex gap-3 py-1 md:table-cell md:px-3 md:py-2 md:align-top ${className}`}>
      {label && <span className="w-16 shrink-0 pt-0.5 text-xs font-semibold text-neutral-500 md:hidden">{label}</span>}
      <div className="min-w-0 flex-1 break-words">{children}</div>
    </td>
  );
}

/** Tabs of a console screen as links (the choice lives in the URL); `current` is marked for screen readers. */
export function FilterTabs<T extends string>({
  label,
  items,
  current,
  hrefOf,
  textOf,
  name,
}: {
  label: string;
  items: readonly T[];
  current: T;
  hrefOf: (item: T) => string;
  textOf: (item: T) => string;
  name: string;
}) {
  return (
    <nav aria-label={label} className="-mx-4 mb-4 overflow-x-auto px-4 md:mx-0 md:px-0" data-filter-tabs={name}>
      <ul className="flex gap-2 text-sm">
        {items.map((item) => (
          <li key={item} className="shrink-0">
            <Link
              to={hrefOf(item)}
              aria-current={item === current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-4 font-semibold ${item === current ? 'bg-brand text-white' : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200'}`}
              data-filter={item}
            >
              {textOf(item)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A state as a small coloured label. */
export function StateBadge({
  tone,
  children,
  name,
}: {
  tone: 'green' | 'amber' | 'red' | 'grey' | 'blue';
  children: ReactNode;
  name?: string;
}) {
  const tones = {
    green: 'bg-emerald-50 text-emerald-800',
    amber: 'bg-amber-50 text-amber-800',
    red: 'bg-red-50 text-red-700',
    grey: 'bg-neutral-100 text-neutral-600',
    blue: 'bg-sky-50 text-sky-800',
  };
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}
      data-state-badge={name}
    >
      {children}
    </span>
  );
}

export { inputClass };
