import { EDITORIAL_LIMITS, ResultCode, resultCodeName, type ScheduleItem } from '@byeol/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { LoadFailed } from '../../ui/list-ui';
import { MyPageFrame } from '../profile';
import { saveSlot } from './schedule-api';
import {
  byDay,
  DEFAULT_DURATION,
  DURATION_PRESETS,
  fieldOfRefusal,
  type SlotField,
  slotRefusalMessage,
  slotRefusals,
  startInputsOf,
} from './schedule-rules';
import { EmptyNote, SlotCard, useDateLabels } from './schedule-ui';

/** What the /mypage/schedule loader hands the page (the sign-in gate and the BJ-only note are the route's). */
export interface MyScheduleData {
  /** The BJ's upcoming slots, or null when they could not be loaded. */
  list: ScheduleItem[] | null;
  message: string;
  /** Today's KST day, the new slot's default date. */
  today: string;
  /** When the page was made (a slot already started cannot be moved, only cancelled). */
  now: number;
}

const byStart = (a: ScheduleItem, b: ScheduleItem) => a.start_date.localeCompare(b.start_date) || a.schedule_sn - b.schedule_sn;

/**
 * /mypage/schedule (issue 21): a BJ plans a broadcast (title, KST date and time, duration with presets),
 * changes or cancels (after a confirm) their upcoming ones (POST /mypage/schedule_proc). Every refusal shows
 * under its field: the title's, and the start's (in the past, overlapping another, not a date).
 */
export function MySchedulePage({ data }: { data: MyScheduleData }) {
  const { t } = useTranslation('schedule');
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [list, setList] = useState<ScheduleItem[] | null>(data.list);
  const [editing, setEditing] = useState<ScheduleItem | null>(null);
  // A new form after each save (a fresh key resets its fields).
  const [formKey, setFormKey] = useState(0);
  const [cancelling, setCancelling] = useState(0);
  const form = useRef<HTMLElement>(null);

  function saved(item: ScheduleItem) {
    setList((prev) => [...(prev ?? []).filter((s) => s.schedule_sn !== item.schedule_sn), item].sort(byStart));
    setEditing(null);
    setFormKey((k) => k + 1);
  }

  function edit(slot: ScheduleItem) {
    setEditing(slot);
    setFormKey((k) => k + 1);
    form.current?.scrollIntoView({ block: 'start' });
  }

  async function cancel(slot: ScheduleItem) {
    const yes = await dialog.confirm(t('mypage.list.confirm', { title: slot.title }), {
      title: t('mypage.list.confirmTitle'),
      confirmLabel: t('mypage.list.confirmYes'),
      cancelLabel: t('mypage.list.confirmNo'),
    });
    if (!yes) return;
    setCancelling(slot.schedule_sn);
    const res = await saveSlot({ mode: 'cancel', schedule_sn: slot.schedule_sn }, t('retry'));
    setCancelling(0);
    if (!isOk(res)) {
      if (loginRequired(res)) return;
      dialog.toast(res.rslt_msg || t('retry'));
      // Already cancelled (another tab, another device): it goes from the list too.
      if (res.rslt_cd === ResultCode.SCHEDULE_NOT_FOUND) setList((prev) => (prev ?? []).filter((s) => s.schedule_sn !== slot.schedule_sn));
      return;
    }
    setList((prev) => (prev ?? []).filter((s) => s.schedule_sn !== slot.schedule_sn));
    if (editing?.schedule_sn === slot.schedule_sn) {
      setEditing(null);
      setFormKey((k) => k + 1);
    }
    dialog.toast(t('mypage.list.cancelled'));
  }

  return (
    <MyPageFrame title={t('mypage.title')}>
      <div data-my-schedule>
        <p className="text-sm text-neutral-600">{t('mypage.lead')}</p>
        <p className="mt-1 text-xs text-neutral-500">{t('kst')}</p>
        <section
          ref={form}
          aria-labelledby="schedule-form-title"
          className="mt-6 scroll-mt-4 rounded-2xl border border-neutral-200 p-4 sm:p-5"
        >
          <h2 id="schedule-form-title" className="text-lg font-bold">
            {editing ? t('mypage.form.edit') : t('mypage.form.add')}
          </h2>
          <PlanForm
            key={formKey}
            editing={editing}
            today={data.today}
            onSaved={saved}
            onStopEdit={() => {
              setEditing(null);
              setFormKey((k) => k + 1);
            }}
          />
        </section>
        <section aria-labelledby="my-schedule-list" className="mt-8">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="my-schedule-list" className="text-lg font-bold">
              {t('mypage.list.title')}
            </h2>
            <Link to="/sub/schedule" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-dark hover:underline">
              {t('mypage.view')}
            </Link>
          </div>
          {!list ? (
            <LoadFailed message={data.message || t('loadFailed')} />
          ) : list.length === 0 ? (
            <EmptyNote name="my-schedule" text={t('mypage.list.empty')} className="mt-3" />
          ) : (
            <MySlots
              list={list}
              now={data.now}
              editing={editing?.schedule_sn ?? 0}
              cancelling={cancelling}
              onEdit={edit}
              onCancel={(s) => void cancel(s)}
            />
          )}
        </section>
      </div>
    </MyPageFrame>
  );
}

function MySlots({
  list,
  now,
  editing,
  cancelling,
  onEdit,
  onCancel,
}: {
  list: ScheduleItem[];
  now: number;
  editing: number;
  cancelling: number;
  onEdit: (slot: ScheduleItem) => void;
  onCancel: (slot: ScheduleItem) => void;
}) {
  const { t } = useTranslation('schedule');
  const labels = useDateLabels();
  return (
    <ol className="mt-3 space-y-5" data-my-schedule-list={list.length}>
      {[...byDay(list)].map(([day, slots]) => (
        <li key={day} aria-labelledby={`my-day-${day}`} data-schedule-day={day}>
          <h3 id={`my-day-${day}`} className="border-b border-neutral-200 pb-1 text-sm font-bold text-neutral-800">
            {labels.day(day)}
          </h3>
          <ul className="mt-2 space-y-2">
            {slots.map((slot) => (
              <SlotCard
                key={slot.schedule_sn}
                slot={slot}
                showBj={false}
                actions={
                  <div className="mt-2 flex flex-wrap gap-2">
                    <span className="inline-flex min-h-11 items-center text-xs text-neutral-500">
                      {t('slot.duration', { n: slot.duration_min })}
                    </span>
                    {Date.parse(slot.start_date) > now && (
                      <button
                        type="button"
                        className={secondaryButton}
                        aria-label={t('mypage.list.editLabel', { title: slot.title })}
                        aria-pressed={editing === slot.schedule_sn}
                        onClick={() => onEdit(slot)}
                        data-slot-edit
                      >
                        {t('mypage.list.edit')}
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${secondaryButton} text-red-700`}
                      aria-label={t('mypage.list.cancelLabel', { title: slot.title })}
                      disabled={cancelling === slot.schedule_sn}
                      onClick={() => onCancel(slot)}
                      data-slot-cancel
                    >
                      {t('mypage.list.cancel')}
                    </button>
                  </div>
                }
              />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** Whether the page's scripts run (the form's buttons wait for them). */
function useHydrated(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}

function PlanForm({
  editing,
  today,
  onSaved,
  onStopEdit,
}: {
  editing: ScheduleItem | null;
  today: string;
  onSaved: (item: ScheduleItem) => void;
  onStopEdit: () => void;
}) {
  const { t } = useTranslation('schedule');
  const lang = useLang();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const ready = useHydrated();
  const initial = editing ? startInputsOf(editing.start_date) : { date: today, time: '' };
  const [title, setTitle] = useState(editing?.title ?? '');
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [duration, setDuration] = useState(String(editing?.duration_min ?? DEFAULT_DURATION));
  const [errors, setErrors] = useState<Partial<Record<SlotField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const { scheduleTitleMax: titleMax, scheduleMinMinutes: min, scheduleMaxMinutes: max } = EDITORIAL_LIMITS;
  const titleCount = [...title].length;
  const rangeText = t('mypage.form.durationRange', { min: formatNumber(min, lang), max: formatNumber(max, lang) });

  const clear = (field: SlotField) => setErrors((prev) => ({ ...prev, [field]: undefined }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const minutes = Number(duration);
    const refused = slotRefusals({ title, date, time, duration: minutes }, Date.now());
    if (refused) {
      const message = (code: (typeof refused)[SlotField]) =>
        code === undefined ? undefined : code === 'DURATION' ? rangeText : slotRefusalMessage(code, lang);
      setErrors({ title: message(refused.title), start: message(refused.start), duration: message(refused.duration) });
      const first = refused.title ? 'schedule-title' : refused.start ? (date ? 'schedule-time' : 'schedule-date') : 'schedule-duration';
      document.getElementById(first)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const start = `${date}T${time}`;
    const res = await saveSlot(
      editing
        ? { mode: 'update', schedule_sn: editing.schedule_sn, title, start, duration_min: minutes }
        : { mode: 'insert', title, start, duration_min: minutes },
      t('retry'),
    );
    setBusy(false);
    if (!isOk(res)) {
      if (loginRequired(res)) return;
      const message = res.rslt_msg || t('retry');
      const field = fieldOfRefusal(resultCodeName(res.rslt_cd) ?? '', fieldOf(res));
      if (field) {
        setErrors({ [field]: message });
        document.getElementById(field === 'start' ? 'schedule-time' : field === 'title' ? 'schedule-title' : 'schedule-duration')?.focus();
      } else setFormError(message);
      return;
    }
    dialog.toast(editing ? t('mypage.form.saved') : t('mypage.form.added'));
    onSaved(res.rslt_set);
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-4 space-y-5"
      data-schedule-form={editing ? 'edit' : 'add'}
      data-ready={ready || undefined}
    >
      <div>
        <label htmlFor="schedule-title" className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('mypage.form.title')}
        </label>
        <input
          id="schedule-title"
          name="title"
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            clear('title');
          }}
          placeholder={t('mypage.form.titlePlaceholder')}
          aria-invalid={Boolean(errors.title)}
          aria-describedby="schedule-title-msg schedule-title-count"
          className={inputClass}
          autoComplete="off"
        />
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <FieldMessages id="schedule-title" errors={[errors.title ?? '']} />
          </div>
          <span
            id="schedule-title-count"
            className={`shrink-0 pt-1 text-xs tabular-nums ${titleCount > titleMax ? 'font-bold text-red-600' : 'text-neutral-500'}`}
          >
            {t('mypage.form.counter', { n: formatNumber(titleCount, lang), max: formatNumber(titleMax, lang) })}
          </span>
        </div>
      </div>
      <fieldset aria-describedby="schedule-start-msg" data-schedule-start>
        <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('mypage.form.start')}</legend>
        <div className="grid grid-cols-2 gap-2">
          <div className="min-w-0">
            <label htmlFor="schedule-date" className="mb-1 block text-xs text-neutral-600">
              {t('mypage.form.date')}
            </label>
            <input
              id="schedule-date"
              name="date"
              type="date"
              value={date}
              min={today}
              onChange={(e) => {
                setDate(e.target.value);
                clear('start');
              }}
              aria-invalid={Boolean(errors.start)}
              aria-describedby="schedule-start-msg"
              className={`${inputClass} min-w-0`}
            />
          </div>
          <div className="min-w-0">
            <label htmlFor="schedule-time" className="mb-1 block text-xs text-neutral-600">
              {t('mypage.form.time')}
            </label>
            <input
              id="schedule-time"
              name="time"
              type="time"
              value={time}
              onChange={(e) => {
                setTime(e.target.value);
                clear('start');
              }}
              aria-invalid={Boolean(errors.start)}
              aria-describedby="schedule-start-msg"
              className={`${inputClass} min-w-0`}
            />
          </div>
        </div>
        <FieldMessages id="schedule-start" errors={[errors.start ?? '']} />
      </fieldset>
      <div>
        <label htmlFor="schedule-duration" className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('mypage.form.duration')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex items-center gap-2">
            <input
              id="schedule-duration"
              name="duration_min"
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={5}
              value={duration}
              onChange={(e) => {
                setDuration(e.target.value);
                clear('duration');
              }}
              aria-invalid={Boolean(errors.duration)}
              aria-describedby="schedule-duration-msg"
              className={`${inputClass} w-24`}
            />
            <span className="text-sm text-neutral-700">{t('mypage.form.durationMinutes')}</span>
          </div>
          <div role="group" aria-label={t('mypage.form.presets')} className="flex flex-wrap gap-1.5">
            {DURATION_PRESETS.map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={Number(duration) === n}
                onClick={() => {
                  setDuration(String(n));
                  clear('duration');
                }}
                className={`min-h-11 rounded-full border px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand ${
                  Number(duration) === n
                    ? 'border-brand bg-brand text-white'
                    : 'border-neutral-300 bg-white text-neutral-700 hover:bg-neutral-100'
                }`}
                data-duration-preset={n}
              >
                {t('mypage.form.preset', { n })}
              </button>
            ))}
          </div>
        </div>
        <FieldMessages
          id="schedule-duration"
          errors={[errors.duration ?? '']}
          hint={t('mypage.form.durationHint', { min: formatNumber(min, lang), max: formatNumber(max, lang) })}
        />
      </div>
      <FormError message={formError} />
      <div className="flex flex-wrap gap-2">
        {editing && (
          <button type="button" className={`${secondaryButton} flex-1 sm:flex-none`} onClick={onStopEdit}>
            {t('mypage.form.stopEdit')}
          </button>
        )}
        <button type="submit" className={`${primaryButton} flex-1 sm:flex-none sm:px-8`} disabled={busy || !ready} data-schedule-submit>
          {busy ? t('mypage.form.sending') : editing ? t('mypage.form.save') : t('mypage.form.submit')}
        </button>
      </div>
    </form>
  );
}

/** /mypage/schedule for an account that is not a BJ: why, and the way to apply. */
export function ScheduleBjOnly() {
  const { t } = useTranslation('schedule');
  return (
    <MyPageFrame title={t('mypage.title')}>
      <div className="space-y-4 rounded-2xl border border-neutral-200 p-5" data-schedule-bj-only>
        <p className="text-neutral-700">{t('mypage.bjOnly')}</p>
        <Link to="/mypage/signup/bj" className={`${primaryButton} inline-flex items-center`}>
          {t('mypage.apply')}
        </Link>
      </div>
    </MyPageFrame>
  );
}
