import { POLICY_LIMITS, type PolicyDoc, type PolicyVersionSummary, ResultCode } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { Form, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import type { AdminList } from './admin.server';
import { AdminEmpty, CardCell, CardTable, cardRowClass, ListError, ScreenTitle, StateBadge } from './admin-ui';
import { publishPolicy } from './community-api';
import { defaultEffectiveDate } from './community-rules';

export interface GuideOption {
  id: number;
  title: string;
  kind: 'policy' | 'service';
  required_yn: 'Y' | 'N';
}

export interface PoliciesData {
  guides: GuideOption[];
  /** The guide shown (0: there is none). */
  id: number;
  doc: PolicyDoc | null;
  docMessage: string;
  history: AdminList<PolicyVersionSummary>;
  /** The server's time of the render (the default effective date is counted from it). */
  now: number;
  /** The site's notice days (site info `policy_notice_days`, set in /admin/site). */
  noticeDays: number;
}

const FIELDS = ['content', 'reason', 'effective_date'] as const;
type Field = (typeof FIELDS)[number];
const STATE_TONE = { current: 'green', upcoming: 'blue', old: 'grey' } as const;
/** Refusals about the date, shown under the date field whatever field the answer names. */
const DATE_CODES: number[] = [ResultCode.POLICY_EFFECTIVE_TOO_SOON, ResultCode.POLICY_DATE_INVALID];

/**
 * Policies and guides (docs/community.md): pick one, read the version in effect and every version before,
 * and publish a new version with its text, the reason members are told and an effective date at least the
 * notice days ahead (members are asked to agree again to a required one from that date).
 */
export function PoliciesPage({ data }: { data: PoliciesData }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const navigation = useNavigation();
  const guide = data.guides.find((g) => g.id === data.id);
  const groups = (['policy', 'service'] as const).map((kind) => ({ kind, guides: data.guides.filter((g) => g.kind === kind) }));

  return (
    <div data-admin-policies>
      <ScreenTitle title={t('policies.title')} />
      {data.guides.length === 0 ? (
        <AdminEmpty name="policies" text={t('policies.noGuides')} />
      ) : (
        <>
          <Form method="get" className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border border-neutral-200 p-4" data-policy-picker>
            <label className="block min-w-0 flex-1 basis-56 text-xs font-semibold text-neutral-600 sm:max-w-sm">
              {t('policies.guide')}
              <select
                name="id"
                value={String(data.id)}
                onChange={(e) => navigate(`?id=${e.target.value}`)}
                className={`${inputClass} mt-1`}
                data-policy-select
              >
                {groups
                  .filter((g) => g.guides.length > 0)
                  .map((g) => (
                    <optgroup key={g.kind} label={t(`policies.kind.${g.kind}`)}>
                      {g.guides.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.title}
                        </option>
                      ))}
                    </optgroup>
                  ))}
              </select>
            </label>
            <noscript>
              <button type="submit" className={secondaryButton}>
                {t('items.filter')}
              </button>
            </noscript>
            {navigation.state !== 'idle' && <span className="pb-3 text-sm text-neutral-500">{t('list.loading')}</span>}
          </Form>
          {guide && (
            <div className="grid gap-6 xl:grid-cols-2" key={guide.id}>
              <div className="min-w-0 space-y-6">
                <CurrentVersion guide={guide} doc={data.doc} message={data.docMessage} />
                <History history={data.history} />
              </div>
              <PublishForm guide={guide} current={data.doc?.version?.content ?? ''} now={data.now} noticeDays={data.noticeDays} />
            </div>
          )}
        </>
      )}
    </div>
  );
}

function CurrentVersion({ guide, doc, message }: { guide: GuideOption; doc: PolicyDoc | null; message: string }) {
  const { t } = useTranslation('admin');
  const version = doc?.version ?? null;
  return (
    <section className="rounded-xl border border-neutral-200 p-4" data-policy-current={version?.ver ?? 0}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-bold break-words">{guide.title}</h2>
        {guide.required_yn === 'Y' && <StateBadge tone="amber">{t('policies.required')}</StateBadge>}
      </div>
      {!doc ? (
        <ListError message={message || t('error.retry')} />
      ) : !version ? (
        <p className="mt-3 text-sm text-neutral-500" data-policy-none>
          {t('policies.noVersion')}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-neutral-700">
            {t('policies.currentLine', { ver: version.ver, date: kstDate(version.effective_date) })}
          </p>
          {version.reason && <p className="mt-1 text-sm text-neutral-500">{t('policies.reasonLine', { reason: version.reason })}</p>}
          <details className="mt-3">
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand">{t('policies.showContent')}</summary>
            <div
              className="mt-2 max-h-96 overflow-y-auto rounded-lg bg-neutral-50 p-3 text-sm whitespace-pre-line break-words"
              data-policy-content
            >
              {version.content}
            </div>
          </details>
        </>
      )}
      {doc?.upcoming && (
        <p className="mt-3 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-policy-upcoming={doc.upcoming.ver}>
          {t('policies.upcomingLine', { ver: doc.upcoming.ver, date: kstDate(doc.upcoming.effective_date) })}
        </p>
      )}
    </section>
  );
}

function History({ history }: { history: AdminList<PolicyVersionSummary> }) {
  const { t } = useTranslation('admin');
  return (
    <section data-policy-history>
      <h2 className="mb-3 text-lg font-bold">{t('policies.history')}</h2>
      {!history.ok ? (
        <ListError message={history.message} />
      ) : history.list.data_list.length === 0 ? (
        <AdminEmpty name="policy-history" text={t('policies.emptyHistory')} />
      ) : (
        <CardTable
          name="policy-history"
          heads={[
            t('policies.col.ver'),
            t('policies.col.state'),
            t('policies.col.effective'),
            t('policies.col.published'),
            t('policies.col.reason'),
          ]}
        >
          {history.list.data_list.map((v) => (
            <tr key={v.ver} className={cardRowClass} data-version={v.ver} data-state={v.state}>
              <CardCell label={t('policies.col.ver')} className="tabular-nums">
                {t('policies.ver', { ver: v.ver })}
              </CardCell>
              <CardCell label={t('policies.col.state')}>
                <StateBadge tone={STATE_TONE[v.state]} name={v.state}>
                  {t(`policies.state.${v.state}`)}
                </StateBadge>
              </CardCell>
              <CardCell label={t('policies.col.effective')} className="whitespace-nowrap tabular-nums">
                <span data-effective-date>{kstDate(v.effective_date)}</span>
              </CardCell>
              <CardCell label={t('policies.col.published')} className="whitespace-nowrap tabular-nums">
                {kstDate(v.reg_date, true)}
              </CardCell>
              <CardCell label={t('policies.col.reason')}>
                <span data-version-reason>{v.reason}</span>
              </CardCell>
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  );
}

/**
 * A new version: its full text (the version in effect to start from), the reason and the effective date (by
 * default the first day allowed). A refusal of the date shows under the date field.
 */
function PublishForm({ guide, current, now, noticeDays }: { guide: GuideOption; current: string; now: number; noticeDays: number }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const earliest = defaultEffectiveDate(now, noticeDays);
  const [values, setValues] = useState<Record<Field, string>>({ content: current, reason: '', effective_date: earliest });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: Field | ''; message: string } | null>(null);
  const [done, setDone] = useState<(PolicyVersionSummary & { id: number }) | null>(null);
  const change = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (error?.field === name) setError(null);
    setDone(null);
  };
  const errorsOf = (name: Field) => (error?.field === name ? [error.message] : []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const empty = FIELDS.find((f) => values[f].trim() === '');
    if (empty) {
      setError({ field: empty, message: t('form.required') });
      document.getElementById(`policy-${empty}`)?.focus();
      return;
    }
    const ask = t('policies.confirm', { title: guide.title, date: values.effective_date });
    if (!(await dialog.confirm(ask, { title: t('policies.publishTitle') }))) return;
    setBusy(true);
    setError(null);
    const res = await publishPolicy(
      { id: guide.id, content: values.content.trim(), reason: values.reason.trim(), effective_date: values.effective_date.trim() },
      t('error.retry'),
    );
    setBusy(false);
    if (isOk(res)) {
      setDone(res.rslt_set);
      setValues((v) => ({ ...v, reason: '' }));
      void revalidator.revalidate();
      return;
    }
    const field = DATE_CODES.includes(res.rslt_cd) ? 'effective_date' : (fieldOf(res) ?? '');
    setError({ field: (FIELDS as readonly string[]).includes(field) ? (field as Field) : '', message: res.rslt_msg || t('error.retry') });
  }

  return (
    <form
      className="min-w-0 space-y-4 self-start rounded-xl border border-neutral-200 p-4"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-policy-form={guide.id}
    >
      <h2 className="text-lg font-bold">{t('policies.publishTitle')}</h2>
      <div>
        <label htmlFor="policy-content" className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('policies.field.content')}
        </label>
        <textarea
          id="policy-content"
          name="content"
          rows={14}
          className={`${inputClass} font-mono text-sm`}
          value={values.content}
          maxLength={POLICY_LIMITS.contentMax}
          aria-invalid={errorsOf('content').length > 0}
          aria-describedby="policy-content-msg"
          onChange={(e) => change('content', e.target.value)}
        />
        <FieldMessages
          id="policy-content"
          errors={errorsOf('content')}
          hint={t('policies.field.contentHint', {
            n: formatNumber([...values.content].length, lang),
            max: formatNumber(POLICY_LIMITS.contentMax, lang),
          })}
        />
      </div>
      <TextField
        id="policy-reason"
        name="reason"
        label={t('policies.field.reason')}
        value={values.reason}
        maxLength={POLICY_LIMITS.reasonMax}
        onChange={(e) => change('reason', e.target.value)}
        errors={errorsOf('reason')}
        hint={t('policies.field.reasonHint')}
      />
      <TextField
        id="policy-effective_date"
        name="effective_date"
        type="date"
        min={earliest}
        label={t('policies.field.date')}
        value={values.effective_date}
        onChange={(e) => change('effective_date', e.target.value)}
        errors={errorsOf('effective_date')}
        hint={t('policies.field.dateHint', { days: noticeDays, date: earliest })}
        className="max-w-xs"
      />
      <FormError message={error && error.field === '' ? error.message : undefined} />
      {done && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-policy-done={done.ver}>
          {t('policies.done', { ver: done.ver, date: kstDate(done.effective_date) })}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={busy} data-policy-submit>
        {busy ? t('dialog.working') : t('policies.submit')}
      </button>
    </form>
  );
}
