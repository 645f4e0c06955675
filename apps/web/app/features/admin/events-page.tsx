import { type AdminEvent, EDITORIAL_LIMITS, EVENT_STATES, ResultCode } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import type { AdminList } from './admin.server';
import { kstDay } from './admin-rules';
import {
  AdminEmpty,
  CardCell,
  CardTable,
  cardRowClass,
  ListError,
  Pager,
  RowActions,
  ScreenTitle,
  StateBadge,
  smallButton,
  useHydrated,
} from './admin-ui';
import { saveEvent } from './editorial-console-api';
import { kstInputDay } from './editorial-console-rules';
import { SavedHtml, SelectField, TextAreaField } from './editorial-form-ui';
import { ImageUploadField, RichTextEditor } from './rich-text-editor';

export interface EventsData {
  page: number;
  list: AdminList<AdminEvent>;
  /** The server's time of the render (a new event starts today, KST). */
  now: number;
}

const STATE_TONE = { draft: 'grey', published: 'green', hidden: 'amber' } as const;
const PHASE_TONE = { running: 'blue', upcoming: 'grey', ended: 'grey' } as const;

/**
 * Events (docs/editorial.md): every event with its state, period (KST days) and reply count; one is created
 * or edited with its banner, body (the rich-text editor), period and state, and the saved body is previewed
 * as the server stored it.
 */
export function EventsPage({ data }: { data: EventsData }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const navigation = useNavigation();
  const [editing, setEditing] = useState<AdminEvent | 'new' | null>(null);
  const ready = useHydrated();
  const loading = navigation.state !== 'idle';

  const open = (event: AdminEvent | 'new') => {
    setEditing(event);
    window.scrollTo({ top: 0 });
  };
  if (editing) {
    return (
      <EventForm
        key={editing === 'new' ? 'new' : editing.event_sn}
        event={editing === 'new' ? null : editing}
        today={kstDay(data.now)}
        close={() => setEditing(null)}
      />
    );
  }

  const list = data.list;
  return (
    <div data-admin-events>
      <ScreenTitle title={t('events.title')}>
        <button type="button" className={primaryButton} onClick={() => open('new')} disabled={!ready} data-event-new>
          {t('events.new')}
        </button>
      </ScreenTitle>
      {!list.ok ? (
        <ListError message={list.message} />
      ) : list.list.data_list.length === 0 ? (
        <AdminEmpty name="events" text={t('events.empty')} />
      ) : (
        <CardTable
          name="events"
          heads={[
            t('events.col.number'),
            t('events.col.title'),
            t('events.col.state'),
            t('events.col.period'),
            t('events.col.replies'),
            '',
          ]}
        >
          {list.list.data_list.map((e) => (
            <tr key={e.event_sn} className={cardRowClass} data-event-row={e.event_sn} data-state={e.state}>
              <CardCell label={t('events.col.number')} className="tabular-nums">
                {e.event_sn}
              </CardCell>
              <CardCell label={t('events.col.title')}>
                <span className="flex items-start gap-2">
                  {e.banner && <img src={e.banner} alt="" className="hidden h-10 w-16 shrink-0 rounded object-cover sm:block" />}
                  <span className="font-semibold text-neutral-900" data-event-title>
                    {e.title}
                  </span>
                </span>
              </CardCell>
              <CardCell label={t('events.col.state')}>
                <span className="flex flex-wrap gap-1">
                  <StateBadge tone={STATE_TONE[e.state]} name={e.state}>
                    {t(`events.state.${e.state}`)}
                  </StateBadge>
                  {e.state === 'published' && (
                    <StateBadge tone={PHASE_TONE[e.phase]} name={`phase-${e.phase}`}>
                      {t(`events.phase.${e.phase}`)}
                    </StateBadge>
                  )}
                </span>
              </CardCell>
              <CardCell label={t('events.col.period')} className="tabular-nums">
                <span className="whitespace-nowrap">{kstDate(e.start_date)}</span> ~{' '}
                <span className="whitespace-nowrap">{kstDate(e.end_date)}</span>
              </CardCell>
              <CardCell label={t('events.col.replies')} className="tabular-nums">
                {formatNumber(e.reply_cnt, lang)}
              </CardCell>
              <CardCell className="pt-2 md:pt-2">
                <div className="flex flex-wrap gap-2 md:flex-nowrap">
                  <RowActions disabled={loading || !ready} actions={[{ name: 'event-edit', text: t('events.edit'), run: () => open(e) }]} />
                  {e.state === 'published' && (
                    <a
                      href={`/sub/event/${e.event_sn}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={`${smallButton} inline-flex items-center whitespace-nowrap`}
                      data-event-open
                    >
                      {t('events.open')}
                      <span className="sr-only"> {t('magazine.newTab')}</span>
                    </a>
                  )}
                </div>
              </CardCell>
            </tr>
          ))}
        </CardTable>
      )}
      {list.ok && <Pager page={data.page} total={list.list.data_totalcount} busy={loading} />}
    </div>
  );
}

const FIELDS = ['title', 'summary', 'banner', 'content_html', 'start_date', 'end_date', 'state'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (e: AdminEvent | null, today: string): Values => ({
  title: e?.title ?? '',
  summary: e?.summary ?? '',
  banner: e?.banner ?? '',
  content_html: e?.content_html ?? '',
  start_date: e ? kstInputDay(e.start_date) : today,
  end_date: e ? kstInputDay(e.end_date) : '',
  state: e?.state ?? 'published',
});

/** Creates an event (`event` null) or edits one; after a save the form edits the saved event. */
function EventForm({ event, today, close }: { event: AdminEvent | null; today: string; close: () => void }) {
  const { t } = useTranslation('admin');
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState<AdminEvent | null>(null);
  const [values, setValues] = useState<Values>(() => valuesOf(event, today));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const sn = saved?.event_sn ?? event?.event_sn ?? 0;

  const change = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  const errorsOf = (name: Field) => (errors[name] ? [errors[name]] : []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFormError('');
    const empty = (['title', 'start_date', 'end_date'] as const).find((f) => values[f].trim() === '');
    if (empty) {
      setErrors({ [empty]: t('form.required') });
      document.getElementById(`event-${empty}`)?.focus();
      return;
    }
    if (uploading) {
      setFormError(t('editor.waitUpload'));
      return;
    }
    setBusy(true);
    const res = await saveEvent(
      {
        event_sn: sn,
        title: values.title.trim(),
        summary: values.summary.trim(),
        banner: values.banner,
        content_html: values.content_html,
        start_date: values.start_date,
        end_date: values.end_date,
        state: values.state as AdminEvent['state'],
      },
      t('error.retry'),
    );
    setBusy(false);
    if (isOk(res)) {
      setSaved(res.rslt_set);
      setErrors({});
      setValues((typed) => ({ ...valuesOf(res.rslt_set, today), summary: typed.summary }));
      dialog.toast(t('events.saved'));
      void revalidator.revalidate();
      return;
    }
    // A period refusal names the day it is about (the end unless the start is unreadable).
    const named = fieldOf(res) ?? (res.rslt_cd === ResultCode.EVENT_PERIOD_INVALID ? 'end_date' : '');
    const field = (FIELDS as readonly string[]).includes(named) ? (named as Field) : null;
    if (field) {
      setErrors({ [field]: res.rslt_msg || t('error.retry') });
      document.getElementById(`event-${field}`)?.focus();
    } else {
      setFormError(res.rslt_msg || t('error.retry'));
    }
  }

  return (
    <div data-event-editor={sn}>
      <ScreenTitle title={sn ? t('events.formEdit', { sn }) : t('events.formNew')}>
        <button type="button" className={secondaryButton} onClick={close} data-event-back>
          {t('magazine.back')}
        </button>
      </ScreenTitle>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form
          className="min-w-0 space-y-4 rounded-xl border border-neutral-200 p-4"
          onSubmit={(e) => void submit(e)}
          noValidate
          data-event-form
        >
          <TextField
            id="event-title"
            name="title"
            label={t('events.field.title')}
            value={values.title}
            maxLength={EDITORIAL_LIMITS.titleMax}
            onChange={(e) => change('title', e.target.value)}
            errors={errorsOf('title')}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              id="event-start_date"
              name="start_date"
              type="date"
              label={t('events.field.start')}
              value={values.start_date}
              onChange={(e) => change('start_date', e.target.value)}
              errors={errorsOf('start_date')}
            />
            <TextField
              id="event-end_date"
              name="end_date"
              type="date"
              label={t('events.field.end')}
              value={values.end_date}
              onChange={(e) => change('end_date', e.target.value)}
              errors={errorsOf('end_date')}
              hint={t('events.field.endHint')}
            />
            <SelectField
              id="event-state"
              label={t('events.field.state')}
              value={values.state}
              options={EVENT_STATES.map((s) => ({ value: s, label: t(`events.state.${s}`) }))}
              onChange={(v) => change('state', v)}
              errors={errorsOf('state')}
            />
          </div>
          <TextAreaField
            id="event-summary"
            label={t('events.field.summary')}
            value={values.summary}
            maxLength={EDITORIAL_LIMITS.summaryMax}
            onChange={(v) => change('summary', v)}
            errors={errorsOf('summary')}
            hint={t('magazine.field.summaryHint')}
          />
          <ImageUploadField
            id="event-banner"
            label={t('events.field.banner')}
            value={values.banner}
            onChange={(url) => change('banner', url)}
            purpose="event"
            hint={t('events.field.bannerHint')}
            errors={errorsOf('banner')}
            onBusy={setUploading}
          />
          <RichTextEditor
            id="event-content_html"
            label={t('events.field.content')}
            value={values.content_html}
            onChange={(html) => change('content_html', html)}
            purpose="event"
            errors={errorsOf('content_html')}
            hint={t('magazine.field.contentHint')}
          />
          <FormError message={formError || undefined} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={busy} data-event-submit>
              {busy ? t('dialog.working') : t('events.save')}
            </button>
            <button type="button" className={secondaryButton} onClick={close} disabled={busy}>
              {t('magazine.back')}
            </button>
          </div>
        </form>
        <section
          className="min-w-0 self-start rounded-xl border border-neutral-200 p-4"
          aria-labelledby="event-preview-title"
          data-event-preview={saved?.event_sn ?? ''}
        >
          <h2 id="event-preview-title" className="text-lg font-bold">
            {t('magazine.preview')}
          </h2>
          {!saved ? (
            <p className="mt-2 text-sm text-neutral-500">{t('magazine.previewNote')}</p>
          ) : (
            <>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-neutral-600">
                <StateBadge tone={STATE_TONE[saved.state]} name={saved.state}>
                  {t(`events.state.${saved.state}`)}
                </StateBadge>
                <span className="tabular-nums">
                  {kstDate(saved.start_date)} ~ {kstDate(saved.end_date)}
                </span>
              </div>
              <p className="mt-3 text-xl font-bold break-words">{saved.title}</p>
              {saved.banner && <img src={saved.banner} alt="" className="mt-3 max-h-48 rounded-lg object-cover" />}
              <div className="mt-4 border-t border-neutral-100 pt-4">
                <SavedHtml html={saved.content_html} name="event" />
              </div>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
