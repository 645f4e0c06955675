import { type AdminConcertItem, type AdminConcertTicket, CONCERT_LIMITS, type ConcertInfo, type ConcertState } from '@byeol/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { IMAGE_TYPES, uploadImage } from '../../lib/upload';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, primaryButton, secondaryButton, TextField, type TextFieldProps } from '../../ui/fields';
import { UploadProgress } from '../../ui/upload-progress';
import type { AdminList } from './admin.server';
import {
  ActionDialog,
  AdminEmpty,
  CardCell,
  CardTable,
  cardRowClass,
  ListError,
  MemberCell,
  Pager,
  type RowAction,
  RowActions,
  ScreenTitle,
  StateBadge,
  smallButton,
  useHydrated,
} from './admin-ui';
import { cancelConcert, concertInfo, freezeBroadcast, refundTicket, saveConcert } from './concerts-console-api';
import {
  beforeStart,
  CONCERT_STATE_TONE,
  type ConcertField,
  type ConcertValues,
  concertFieldOf,
  concertProcBody,
  concertPublicPath,
  concertValues,
  freezable,
  REQUIRED_FIELDS,
} from './concerts-rules';
import { TextAreaField } from './editorial-form-ui';

export type ConcertsData =
  | { view: 'list'; page: number; list: AdminList<AdminConcertItem> }
  | {
      view: 'tickets';
      page: number;
      concertSn: number;
      /** The concert whose tickets these are (null when it could not be read). */
      concert: ConcertInfo | null;
      list: AdminList<AdminConcertTicket>;
    };

/**
 * Concerts (issue 22, docs/concerts.md): every concert with its time (KST), price, tickets and state; one is
 * created or edited in a form (poster upload, line-up, the broadcaster, times typed in KST), cancelled with
 * a reason (every ticket refunded), its live broadcast frozen; `?tickets=` lists a concert's tickets, each
 * refundable with a reason before the start.
 */
export function ConcertsPage({ data }: { data: ConcertsData }) {
  return data.view === 'tickets' ? <TicketsView data={data} /> : <ConcertList data={data} />;
}

function StateTag({ state }: { state: ConcertState }) {
  const { t } = useTranslation('admin');
  return (
    <StateBadge tone={CONCERT_STATE_TONE[state]} name={state}>
      {t(`concerts.state.${state}`)}
    </StateBadge>
  );
}

/** A price in the site's currency name, or 무료. */
function usePrice() {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const { star } = useCurrencyNames();
  return (n: number) => (n === 0 ? t('concerts.free') : t('concerts.priceValue', { n: formatNumber(n, lang), currency: star }));
}

function ConcertList({ data }: { data: Extract<ConcertsData, { view: 'list' }> }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const ready = useHydrated();
  const price = usePrice();
  const [editing, setEditing] = useState<ConcertInfo | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; refunded?: number } | null>(null);
  const loading = navigation.state !== 'idle';
  const fallback = t('error.retry');

  const open = (concert: ConcertInfo | 'new') => {
    setEditing(concert);
    setNotice(null);
    window.scrollTo({ top: 0 });
  };

  /** The list holds no texts (description, notices, refund rules): the form starts from the whole concert. */
  async function edit(item: AdminConcertItem) {
    setBusy(true);
    const res = await concertInfo(item.concert_sn, fallback);
    setBusy(false);
    if (isOk(res)) open(res.rslt_set);
    else await dialog.ok(res.rslt_msg || fallback);
  }

  async function cancel(item: AdminConcertItem) {
    setBusy(true);
    const done = await dialog.layer<{ refunded_cnt: number }>(
      (close) => (
        <ActionDialog
          intro={
            <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-cancel-intro>
              {t('concerts.cancelDialog.intro', { title: item.title, n: formatNumber(item.ticket_cnt, lang) })}
            </p>
          }
          fields={[
            {
              name: 'reason',
              label: t('concerts.cancelDialog.reason'),
              value: '',
              kind: 'textarea',
              rows: 3,
              required: true,
              maxLength: 200,
            },
          ]}
          submitLabel={t('concerts.cancelDialog.submit')}
          danger
          onSubmit={(v) => cancelConcert(item.concert_sn, v.reason?.trim() ?? '', fallback)}
          close={close}
        />
      ),
      { title: t('concerts.cancelDialog.title', { sn: item.concert_sn }) },
    );
    setBusy(false);
    if (!done) return;
    setNotice({
      text: t('concerts.cancelDone', { sn: item.concert_sn, n: formatNumber(done.refunded_cnt, lang) }),
      refunded: done.refunded_cnt,
    });
    void revalidator.revalidate();
  }

  async function freeze(item: AdminConcertItem) {
    setBusy(true);
    const done = await dialog.layer<unknown>(
      (close) => (
        <ActionDialog
          intro={<p className="text-sm text-neutral-700">{t('concerts.freezeDialog.intro', { title: item.title, nick: item.bj.nick })}</p>}
          fields={[
            {
              name: 'reason',
              label: t('concerts.freezeDialog.reason'),
              value: '',
              maxLength: 200,
              hint: t('concerts.freezeDialog.reasonHint'),
            },
          ]}
          submitLabel={t('concerts.freezeDialog.submit')}
          danger
          onSubmit={(v) => freezeBroadcast(item.vod_key, v.reason?.trim() ?? '', fallback)}
          close={close}
        />
      ),
      { title: t('concerts.freezeDialog.title', { sn: item.concert_sn }) },
    );
    setBusy(false);
    if (!done) return;
    dialog.toast(t('concerts.frozen'));
    void revalidator.revalidate();
  }

  if (editing) {
    return (
      <ConcertForm
        key={editing === 'new' ? 'new' : editing.concert_sn}
        concert={editing === 'new' ? null : editing}
        close={() => setEditing(null)}
      />
    );
  }

  const list = data.list;
  const disabled = busy || loading || !ready;
  return (
    <div data-admin-concerts>
      <ScreenTitle title={t('concerts.title')}>
        <button type="button" className={primaryButton} onClick={() => open('new')} disabled={!ready} data-concert-new>
          {t('concerts.new')}
        </button>
      </ScreenTitle>
      {notice && (
        <p
          role="status"
          className="mb-4 rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-800"
          data-concert-notice={notice.refunded ?? ''}
        >
          {notice.text}
        </p>
      )}
      {!list.ok ? (
        <ListError message={list.message} />
      ) : list.list.data_list.length === 0 ? (
        <AdminEmpty name="concerts" text={t('concerts.empty')} />
      ) : (
        <CardTable
          name="concerts"
          heads={[
            t('concerts.col.number'),
            t('concerts.col.concert'),
            t('concerts.col.bj'),
            t('concerts.col.time'),
            t('concerts.col.price'),
            t('concerts.col.tickets'),
            t('concerts.col.state'),
            '',
          ]}
        >
          {list.list.data_list.map((c) => {
            const actions: RowAction[] = [];
            if (c.state !== 'cancelled') actions.push({ name: 'concert-edit', text: t('concerts.edit'), run: () => void edit(c) });
            if (beforeStart(c.state))
              actions.push({ name: 'concert-cancel', text: t('concerts.cancel'), run: () => void cancel(c), danger: true });
            if (freezable(c)) actions.push({ name: 'concert-freeze', text: t('concerts.freeze'), run: () => void freeze(c), danger: true });
            return (
              <tr key={c.concert_sn} className={cardRowClass} data-concert-row={c.concert_sn} data-state={c.state}>
                <CardCell label={t('concerts.col.number')} className="tabular-nums">
                  {c.concert_sn}
                </CardCell>
                <CardCell label={t('concerts.col.concert')}>
                  <span className="flex items-start gap-2">
                    {c.poster && (
                      <img src={c.poster} alt="" className="hidden h-14 w-10 shrink-0 rounded object-cover sm:block" data-concert-poster />
                    )}
                    <span className="min-w-0">
                      <span className="block font-semibold text-neutral-900" data-concert-title>
                        {c.title}
                      </span>
                      {c.lineup.length > 0 && <span className="block text-xs text-neutral-500">{c.lineup.join(', ')}</span>}
                      {c.state === 'cancelled' && c.cancelled_reason && (
                        <span className="block text-xs text-red-700" data-cancelled-reason>
                          {t('concerts.cancelledReason', { reason: c.cancelled_reason })}
                        </span>
                      )}
                    </span>
                  </span>
                </CardCell>
                <CardCell label={t('concerts.col.bj')}>
                  <MemberCell nick={c.bj.nick} id={c.bj.id} />
                </CardCell>
                <CardCell label={t('concerts.col.time')} className="tabular-nums">
                  <span className="block whitespace-nowrap">{kstDate(c.starts_at, true)}</span>
                  <span className="block whitespace-nowrap text-xs text-neutral-500">
                    {t('concerts.until', { time: kstDate(c.ends_at, true) })}
                  </span>
                </CardCell>
                <CardCell label={t('concerts.col.price')} className="whitespace-nowrap tabular-nums">
                  <span data-concert-price={c.price}>{price(c.price)}</span>
                </CardCell>
                <CardCell label={t('concerts.col.tickets')} className="tabular-nums">
                  <span className="block whitespace-nowrap" data-ticket-cnt={c.ticket_cnt}>
                    {t('concerts.ticketCnt', { n: formatNumber(c.ticket_cnt, lang) })}
                  </span>
                  {c.sales_total > 0 && <span className="block whitespace-nowrap text-xs text-neutral-500">{price(c.sales_total)}</span>}
                </CardCell>
                <CardCell label={t('concerts.col.state')}>
                  <StateTag state={c.state} />
                </CardCell>
                <CardCell className="pt-2 md:pt-2">
                  <div className="flex flex-wrap gap-2 md:flex-nowrap">
                    {actions.length > 0 && <RowActions disabled={disabled} actions={actions} />}
                    <Link
                      to={`?tickets=${c.concert_sn}`}
                      className={`${smallButton} inline-flex items-center whitespace-nowrap`}
                      data-concert-tickets
                    >
                      {t('concerts.tickets')}
                    </Link>
                    <a
                      href={concertPublicPath(c.concert_sn)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={`${smallButton} inline-flex items-center whitespace-nowrap`}
                      data-concert-open
                    >
                      {t('concerts.open')}
                      <span className="sr-only"> {t('magazine.newTab')}</span>
                    </a>
                  </div>
                </CardCell>
              </tr>
            );
          })}
        </CardTable>
      )}
      {list.ok && <Pager page={data.page} total={list.list.data_totalcount} busy={loading} />}
    </div>
  );
}

/** The poster: its preview (portrait), the picker with the upload's progress, and its messages. */
function PosterField({
  url,
  onUploaded,
  errors,
  onBusy,
}: {
  url: string;
  onUploaded: (url: string, fileSn: number) => void;
  errors: string[];
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const id = 'concert-poster';

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError('');
    setProgress(0);
    onBusy(true);
    const res = await uploadImage(file, {
      purpose: 'concert',
      fileName: file.name || 'poster',
      commKey: 'concert',
      onProgress: (fraction) => setProgress(fraction),
      fallback: t('editor.uploadFailed'),
    });
    setProgress(null);
    onBusy(false);
    if (isOk(res)) onUploaded(res.rslt_set.temp_file_path_nm, Number(res.rslt_set.temp_file_sn));
    else setError(res.rslt_msg || t('editor.uploadFailed'));
  }

  return (
    <div data-image-field={id}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {t('concerts.field.poster')}
      </label>
      <div className="flex flex-wrap items-end gap-3">
        {url ? (
          <img src={url} alt="" className="h-32 w-24 rounded-lg border border-neutral-200 object-cover" data-image-preview />
        ) : (
          <span className="flex h-32 w-24 items-center justify-center rounded-lg border border-dashed border-neutral-300 p-2 text-center text-xs text-neutral-400">
            {t('editor.noImage')}
          </span>
        )}
        <label className={`${smallButton} inline-flex cursor-pointer items-center focus-within:outline-2 focus-within:outline-brand`}>
          {url ? t('editor.changeImage') : t('editor.chooseImage')}
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES}
            className="sr-only"
            aria-describedby={`${id}-msg`}
            disabled={progress !== null}
            onChange={(e) => void choose(e)}
            data-image-input
          />
        </label>
      </div>
      {progress !== null && (
        <UploadProgress fraction={progress} label={t('editor.uploading')} text={(percent) => t('editor.uploadingPercent', { percent })} />
      )}
      <FieldMessages id={id} errors={[...errors, error].filter(Boolean)} hint={t('concerts.field.posterHint')} />
    </div>
  );
}

/** Creates a concert (`concert` null) or edits one; after a save the form edits the saved concert. */
function ConcertForm({ concert, close }: { concert: ConcertInfo | null; close: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const price = usePrice();
  const { star } = useCurrencyNames();
  const [saved, setSaved] = useState<AdminConcertItem | null>(null);
  const [values, setValues] = useState<ConcertValues>(() => concertValues(concert));
  const [poster, setPoster] = useState<{ url: string; sn: number }>({ url: concert?.poster ?? '', sn: 0 });
  const [errors, setErrors] = useState<Partial<Record<ConcertField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const sn = saved?.concert_sn ?? concert?.concert_sn ?? 0;

  const change = (name: keyof ConcertValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  const errorsOf = (name: ConcertField) => (errors[name] ? [errors[name]] : []);
  const focus = (name: ConcertField) => document.getElementById(`concert-${name}`)?.focus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const empty = REQUIRED_FIELDS.find((f) => values[f].trim() === '');
    if (empty) {
      setErrors({ [empty]: t('form.required') });
      focus(empty);
      return;
    }
    if (uploading) {
      setFormError(t('editor.waitUpload'));
      return;
    }
    setBusy(true);
    const res = await saveConcert(concertProcBody(sn, values, poster.sn), t('error.retry'));
    setBusy(false);
    if (isOk(res)) {
      setSaved(res.rslt_set);
      setErrors({});
      // The stored poster stays unless another one is uploaded.
      setPoster({ url: res.rslt_set.poster, sn: 0 });
      dialog.toast(t('concerts.saved'));
      void revalidator.revalidate();
      return;
    }
    const field = concertFieldOf(res.rslt_cd, fieldOf(res));
    if (field) {
      setErrors({ [field]: res.rslt_msg || t('error.retry') });
      focus(field);
    } else {
      setFormError(res.rslt_msg || t('error.retry'));
    }
  }

  const text = (
    name: 'title' | 'bj_id' | 'price' | 'starts_at' | 'ends_at' | 'doors_minutes' | 'replay_days' | 'replay_play_max',
    extra: Omit<TextFieldProps, 'id' | 'name' | 'value' | 'onChange' | 'errors'>,
  ): TextFieldProps => ({
    id: `concert-${name}`,
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(name, e.target.value),
    errors: errorsOf(name),
    ...extra,
  });
  const numeric = { inputMode: 'numeric' as const, className: 'min-w-0' };
  const shown = saved ?? (concert ? { ...concert, sales_total: 0, cancelled_reason: '' } : null);

  return (
    <div data-concert-editor={sn}>
      <ScreenTitle title={sn ? t('concerts.formEdit', { sn }) : t('concerts.formNew')}>
        <button type="button" className={secondaryButton} onClick={close} data-concert-back>
          {t('concerts.back')}
        </button>
      </ScreenTitle>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form
          className="min-w-0 space-y-4 rounded-xl border border-neutral-200 p-4"
          onSubmit={(e) => void submit(e)}
          noValidate
          data-concert-form
        >
          <TextField {...text('title', { label: t('concerts.field.title'), maxLength: CONCERT_LIMITS.titleMax })} />
          <PosterField
            url={poster.url}
            onUploaded={(url, fileSn) => {
              setPoster({ url, sn: fileSn });
              setErrors((e) => ({ ...e, poster: undefined }));
            }}
            errors={errorsOf('poster')}
            onBusy={setUploading}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...text('bj_id', { label: t('concerts.field.bj_id'), maxLength: 20, hint: t('concerts.field.bjHint'), autoComplete: 'off' })}
            />
            <TextField
              {...text('price', {
                ...numeric,
                label: t('concerts.field.price', { currency: star }),
                hint: t('concerts.field.priceHint', { max: formatNumber(CONCERT_LIMITS.priceMax, lang) }),
              })}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...text('starts_at', { type: 'datetime-local', label: t('concerts.field.starts_at'), hint: t('concerts.field.timeHint') })}
            />
            <TextField
              {...text('ends_at', {
                type: 'datetime-local',
                label: t('concerts.field.ends_at'),
                hint: t('concerts.field.endHint', {
                  min: CONCERT_LIMITS.showMinMinutes,
                  hours: CONCERT_LIMITS.showMaxMinutes / 60,
                }),
              })}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              {...text('doors_minutes', {
                ...numeric,
                label: t('concerts.field.doors_minutes'),
                hint: t('concerts.field.doorsHint', { n: CONCERT_LIMITS.doorsMinutesDefault }),
              })}
            />
            <TextField
              {...text('replay_days', {
                ...numeric,
                label: t('concerts.field.replay_days'),
                hint: t('concerts.field.replayDaysHint', { max: CONCERT_LIMITS.replayDaysMax }),
              })}
            />
            <TextField
              {...text('replay_play_max', {
                ...numeric,
                label: t('concerts.field.replay_play_max'),
                hint: t('concerts.field.replayPlaysHint'),
              })}
            />
          </div>
          <TextAreaField
            id="concert-lineup"
            label={t('concerts.field.lineup')}
            value={values.lineup}
            maxLength={2_000}
            onChange={(v) => change('lineup', v)}
            errors={errorsOf('lineup')}
            hint={t('concerts.field.lineupHint', { max: CONCERT_LIMITS.lineupMax })}
          />
          {(['description', 'notice', 'refund_rule'] as const).map((name) => (
            <TextAreaField
              key={name}
              id={`concert-${name}`}
              label={t(`concerts.field.${name}`)}
              value={values[name]}
              maxLength={CONCERT_LIMITS.textMax}
              onChange={(v) => change(name, v)}
              errors={errorsOf(name)}
              hint={t('concerts.field.textHint', { max: formatNumber(CONCERT_LIMITS.textMax, lang) })}
            />
          ))}
          <FormError message={formError || undefined} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={busy} data-concert-submit>
              {busy ? t('dialog.working') : t('concerts.save')}
            </button>
            <button type="button" className={secondaryButton} onClick={close} disabled={busy}>
              {t('concerts.back')}
            </button>
          </div>
        </form>
        <section
          className="min-w-0 self-start rounded-xl border border-neutral-200 p-4"
          aria-labelledby="concert-summary-title"
          data-concert-summary={saved?.concert_sn ?? ''}
        >
          <h2 id="concert-summary-title" className="text-lg font-bold">
            {t('concerts.summary')}
          </h2>
          {!shown ? (
            <p className="mt-2 text-sm text-neutral-500">{t('concerts.summaryNote')}</p>
          ) : (
            <div className="mt-3 flex gap-3">
              {shown.poster ? (
                <img src={shown.poster} alt="" className="h-32 w-24 shrink-0 rounded-lg object-cover" data-summary-poster />
              ) : null}
              <div className="min-w-0 space-y-1 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <StateTag state={shown.state} />
                  <span className="text-xs text-neutral-500">#{shown.concert_sn}</span>
                </p>
                <p className="text-base font-bold break-words" data-summary-title>
                  {shown.title}
                </p>
                <p className="tabular-nums text-neutral-700">
                  {kstDate(shown.starts_at, true)} ~ {kstDate(shown.ends_at, true)}
                </p>
                <p className="text-neutral-600">{t('concerts.doorsAt', { time: kstDate(shown.doors_at, true) })}</p>
                <p className="font-semibold tabular-nums" data-summary-price={shown.price}>
                  {price(shown.price)}
                </p>
                <p className="text-neutral-600">
                  <MemberCell nick={shown.bj.nick} id={shown.bj.id} />
                </p>
                <a
                  href={concertPublicPath(shown.concert_sn)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center font-semibold text-brand-dark underline underline-offset-2"
                  data-concert-open
                >
                  {t('concerts.open')}
                  <span className="sr-only"> {t('magazine.newTab')}</span>
                </a>
              </div>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

/** A concert's tickets with their holders; a valid one is refunded with a reason (before the start). */
function TicketsView({ data }: { data: Extract<ConcertsData, { view: 'tickets' }> }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const ready = useHydrated();
  const price = usePrice();
  const [busy, setBusy] = useState(false);
  const loading = navigation.state !== 'idle';
  const fallback = t('error.retry');
  const { concert, list } = data;

  async function refund(ticket: AdminConcertTicket) {
    setBusy(true);
    const done = await dialog.layer<AdminConcertTicket>(
      (close) => (
        <ActionDialog<AdminConcertTicket>
          intro={
            <p className="rounded-lg bg-neutral-50 p-3 text-sm" data-refund-intro>
              {t('concerts.ticketList.refundDialog.intro', { nick: ticket.user.nick, id: ticket.user.id, price: price(ticket.price) })}
            </p>
          }
          fields={[
            {
              name: 'reason',
              label: t('concerts.ticketList.refundDialog.reason'),
              value: '',
              kind: 'textarea',
              rows: 3,
              required: true,
              maxLength: 200,
            },
          ]}
          submitLabel={t('concerts.ticketList.refundDialog.submit')}
          danger
          onSubmit={(v) => refundTicket(ticket.ticket_sn, v.reason?.trim() ?? '', fallback)}
          close={close}
        />
      ),
      { title: t('concerts.ticketList.refundDialog.title', { sn: ticket.ticket_sn }) },
    );
    setBusy(false);
    if (!done) return;
    dialog.toast(t('concerts.ticketList.refunded', { sn: ticket.ticket_sn }));
    void revalidator.revalidate();
  }

  return (
    <div data-admin-concert-tickets={data.concertSn}>
      <ScreenTitle title={t('concerts.ticketList.title', { sn: data.concertSn })}>
        <Link to="/admin/concerts" className={`${secondaryButton} inline-flex items-center`} data-tickets-back>
          {t('concerts.ticketList.back')}
        </Link>
      </ScreenTitle>
      {concert && (
        <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-neutral-50 p-3 text-sm" data-tickets-concert>
          <StateTag state={concert.state} />
          <span className="font-semibold break-words">{concert.title}</span>
          <span className="tabular-nums text-neutral-600">{kstDate(concert.starts_at, true)}</span>
          <span className="tabular-nums text-neutral-600">{price(concert.price)}</span>
        </div>
      )}
      {!list.ok ? (
        <ListError message={list.message} />
      ) : list.list.data_list.length === 0 ? (
        <AdminEmpty name="concert-tickets" text={t('concerts.ticketList.empty')} />
      ) : (
        <CardTable
          name="concert-tickets"
          heads={[
            t('concerts.ticketList.col.number'),
            t('concerts.ticketList.col.member'),
            t('concerts.ticketList.col.price'),
            t('concerts.ticketList.col.bought'),
            t('concerts.ticketList.col.state'),
            t('concerts.ticketList.col.plays'),
            '',
          ]}
        >
          {list.list.data_list.map((ticket) => (
            <tr key={ticket.ticket_sn} className={cardRowClass} data-ticket-row={ticket.ticket_sn} data-state={ticket.state}>
              <CardCell label={t('concerts.ticketList.col.number')} className="tabular-nums">
                {ticket.ticket_sn}
              </CardCell>
              <CardCell label={t('concerts.ticketList.col.member')}>
                <MemberCell nick={ticket.user.nick} id={ticket.user.id} />
              </CardCell>
              <CardCell label={t('concerts.ticketList.col.price')} className="whitespace-nowrap tabular-nums">
                {price(ticket.price)}
              </CardCell>
              <CardCell label={t('concerts.ticketList.col.bought')} className="whitespace-nowrap tabular-nums">
                {kstDate(ticket.bought_at, true)}
              </CardCell>
              <CardCell label={t('concerts.ticketList.col.state')}>
                <StateBadge tone={ticket.state === 'valid' ? 'green' : 'grey'} name={ticket.state}>
                  {t(`concerts.ticketList.state.${ticket.state}`)}
                </StateBadge>
                {ticket.refunded_at && (
                  <span className="mt-0.5 block whitespace-nowrap text-xs text-neutral-500 tabular-nums">
                    {kstDate(ticket.refunded_at, true)}
                  </span>
                )}
              </CardCell>
              <CardCell label={t('concerts.ticketList.col.plays')} className="tabular-nums">
                {formatNumber(ticket.play_cnt, lang)}
              </CardCell>
              <CardCell className="pt-2 md:pt-2">
                {ticket.state === 'valid' && (
                  <RowActions
                    disabled={busy || loading || !ready}
                    actions={[
                      { name: 'ticket-refund', text: t('concerts.ticketList.refund'), run: () => void refund(ticket), danger: true },
                    ]}
                  />
                )}
              </CardCell>
            </tr>
          ))}
        </CardTable>
      )}
      {list.ok && <Pager page={data.page} total={list.list.data_totalcount} busy={loading} />}
    </div>
  );
}
