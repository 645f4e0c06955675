import { CLIP_LIMITS, type ClipItem, type ClipWindowSet, type PlayInfo, ResultCode } from '@byeol/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { shortPath } from '../../lib/links';
import { useClipName } from '../../lib/use-clip-name';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { clipInfo, clipRoom, clipWindow, createClip } from './clips-api';
import {
  type ClipRange,
  type ClipWindow,
  charCount,
  clipWindowOf,
  defaultRange,
  moveFrom,
  moveTo,
  percentOf,
  rangeOk,
  signedSec,
} from './clips-rules';

/** How often the editor asks whether its clip is ready, and for how long at most (the server fails it after 15 s). */
const POLL_MS = 1000;
const POLL_LIMIT = 60;

/**
 * The live room's Clip button (issue 22): for a signed-in member in a live room (not a demo) whose BJ allows
 * clipping (GET /clip/clip_room_info, asked again every minute and when the tab comes back). Pressing it asks
 * the server for the window (POST /clip/clip_window) and opens the editor: a bottom sheet on phones, a dialog
 * from 640 px. A refusal shows the server's message; CLIP_DISABLED also hides the button.
 */
export function ClipButton({ info }: { info: Pick<PlayInfo, 'vod_key' | 'state' | 'demo_yn' | 'hls_url'> }) {
  const { t } = useTranslation('clips');
  const me = useUser();
  const dialog = useDialog();
  const clip = useClipName();
  const [allowed, setAllowed] = useState(false);
  const [busy, setBusy] = useState(false);
  const eligible = me !== null && info.state === 'live' && info.demo_yn !== 'Y' && info.hls_url !== '';
  const vodKey = info.vod_key;

  useEffect(() => {
    if (!eligible) {
      setAllowed(false);
      return;
    }
    let stopped = false;
    const check = async () => {
      const res = await clipRoom(vodKey, '');
      if (!stopped && res.rslt_cd !== -1) setAllowed(isOk(res) && res.rslt_set.clip_yn === 'Y');
    };
    void check();
    const timer = setInterval(check, 60_000);
    const onVisible = () => document.visibilityState === 'visible' && void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [eligible, vodKey]);

  if (!eligible || !allowed) return null;

  const press = async () => {
    setBusy(true);
    const res = await clipWindow(vodKey, t('retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (res.rslt_cd === ResultCode.CLIP_DISABLED) setAllowed(false);
      dialog.toast(res.rslt_msg || t('retry'));
      return;
    }
    void dialog.layer<void>((close) => <ClipEditor vodKey={vodKey} win={res.rslt_set} close={() => close()} />, {
      title: t('editor.title', { clip }),
    });
  };

  return (
    <button
      type="button"
      onClick={() => void press()}
      disabled={busy}
      aria-label={t('button.label', { clip })}
      className="inline-flex items-center gap-1.5 rounded-full bg-sky-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-sky-500 disabled:opacity-60"
      data-clip-button
    >
      <span aria-hidden="true">✂</span>
      {busy ? t('button.opening') : clip}
    </button>
  );
}

type Phase =
  | { kind: 'edit' }
  | { kind: 'sending' }
  | { kind: 'processing'; item: ClipItem }
  | { kind: 'ready'; item: ClipItem }
  | { kind: 'failed'; message: string };

/**
 * The clip editor: the window around the press (−min(85, available) … +5 s) as a timeline with two handles
 * (5–60 s; the last 30 s ending at +5 at first), quick lengths, the length, a title; 만들기 sends it and the
 * editor then asks every second until the clip is ready (a link to it in the feed) or failed.
 */
export function ClipEditor({ vodKey, win, close }: { vodKey: string; win: ClipWindowSet; close: () => void }) {
  const { t } = useTranslation('clips');
  const clip = useClipName();
  const w = clipWindowOf(win.available_sec);
  const [range, setRange] = useState<ClipRange>(() => defaultRange(w));
  const [title, setTitle] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'edit' });
  const [error, setError] = useState('');
  const titleId = useId();
  const len = range.to - range.from;
  const titleTooLong = charCount(title.trim()) > CLIP_LIMITS.titleMax;

  const processingKey = phase.kind === 'processing' ? phase.item.clip_key : '';
  useEffect(() => {
    if (!processingKey) return;
    let stopped = false;
    let tries = 0;
    const timer = setInterval(async () => {
      tries += 1;
      const res = await clipInfo(processingKey, t('retry'));
      if (stopped) return;
      if (isOk(res)) {
        if (res.rslt_set.state === 'ready') setPhase({ kind: 'ready', item: res.rslt_set });
        else if (res.rslt_set.state === 'failed') setPhase({ kind: 'failed', message: t('editor.failed', { clip }) });
        else if (tries >= POLL_LIMIT) setPhase({ kind: 'failed', message: t('editor.failed', { clip }) });
      } else if (res.rslt_cd !== -1) {
        setPhase({ kind: 'failed', message: res.rslt_msg });
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [processingKey, t, clip]);

  const submit = async () => {
    if (titleTooLong || !rangeOk(range, w)) return;
    setError('');
    setPhase({ kind: 'sending' });
    const res = await createClip(
      { vod_key: vodKey, title: title.trim(), pressed_at: win.pressed_at, from_sec: range.from, to_sec: range.to },
      t('retry'),
    );
    if (!isOk(res)) {
      setPhase({ kind: 'edit' });
      setError(res.rslt_msg || t('retry'));
      return;
    }
    const item = res.rslt_set;
    if (item.state === 'ready') setPhase({ kind: 'ready', item });
    else if (item.state === 'failed') setPhase({ kind: 'failed', message: t('editor.failed', { clip }) });
    else setPhase({ kind: 'processing', item });
  };

  if (phase.kind === 'processing' || phase.kind === 'ready' || phase.kind === 'failed') {
    return (
      <div className="space-y-4 p-5 text-center" data-clip-editor data-clip-state={phase.kind === 'failed' ? 'failed' : phase.item.state}>
        {phase.kind === 'processing' && (
          <div role="status" className="flex flex-col items-center gap-3 py-4">
            <span className="size-9 animate-spin rounded-full border-2 border-sky-200 border-t-sky-600" aria-hidden="true" />
            <p className="font-semibold">{t('editor.processing', { clip })}</p>
            <p className="text-sm text-neutral-600">{t('editor.processingHint', { clip })}</p>
          </div>
        )}
        {phase.kind === 'ready' && (
          <div role="status" className="flex flex-col items-center gap-3 py-4">
            <span
              className="flex size-10 items-center justify-center rounded-full bg-emerald-100 text-xl text-emerald-700"
              aria-hidden="true"
            >
              ✓
            </span>
            <p className="font-semibold">{t('editor.ready', { clip })}</p>
            <Link
              to={shortPath({ clip: phase.item.clip_key })}
              onClick={close}
              className={`${primaryButton} inline-flex items-center`}
              data-clip-link={phase.item.clip_key}
            >
              {t('editor.watch')}
            </Link>
          </div>
        )}
        {phase.kind === 'failed' && (
          <div className="flex flex-col items-center gap-3 py-4">
            <p role="alert" className="font-semibold text-red-700">
              {phase.message}
            </p>
            <button type="button" className={secondaryButton} onClick={() => setPhase({ kind: 'edit' })}>
              {t('editor.again')}
            </button>
          </div>
        )}
      </div>
    );
  }

  return (
    <form
      className="space-y-4 p-5"
      data-clip-editor
      data-clip-state="edit"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-neutral-600">{t('editor.lead', { min: CLIP_LIMITS.minSec, max: CLIP_LIMITS.maxSec })}</p>
      <RangeTimeline w={w} range={range} onChange={setRange} />
      <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="tabular-nums text-neutral-700" data-clip-range={`${range.from},${range.to}`}>
          {t('editor.range', { from: signedSec(range.from), to: signedSec(range.to) })}
        </span>
        <span className="font-bold tabular-nums" data-clip-length={len}>
          {t('editor.length', { n: len })}
        </span>
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('editor.presets')}</legend>
        {[10, 30, 60].map((n) => {
          const preset = defaultRange(w, n);
          // A length the window cannot hold is not offered (its range would be the whole window, like a shorter one's).
          const disabled = w.max - w.min < n;
          const current = !disabled && preset.from === range.from && preset.to === range.to;
          return (
            <button
              key={n}
              type="button"
              aria-pressed={current}
              disabled={disabled}
              onClick={() => setRange(preset)}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold disabled:opacity-40 ${current ? 'border-sky-600 bg-sky-600 text-white' : 'border-neutral-300 text-neutral-700 hover:bg-neutral-100'}`}
              data-clip-preset={n}
            >
              {t('editor.preset', { n })}
            </button>
          );
        })}
      </fieldset>
      <div>
        <label htmlFor={titleId} className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('editor.titleLabel')}
        </label>
        <input
          id={titleId}
          className={inputClass}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder={t('editor.titlePlaceholder')}
          aria-invalid={titleTooLong}
          aria-describedby={`${titleId}-msg`}
          data-clip-title
        />
        <FieldMessages
          id={titleId}
          errors={titleTooLong ? [t('editor.titleTooLong', { max: CLIP_LIMITS.titleMax })] : []}
          hint={t('editor.counter', { n: charCount(title.trim()), max: CLIP_LIMITS.titleMax })}
        />
      </div>
      <FormError message={error} />
      <button
        type="submit"
        className={`${primaryButton} w-full`}
        disabled={phase.kind === 'sending' || titleTooLong || !rangeOk(range, w)}
        data-clip-create
      >
        {phase.kind === 'sending' ? t('editor.creating') : t('editor.create', { clip })}
      </button>
    </form>
  );
}

/** The thumbs of both range inputs: large enough to touch, the only part of each input that takes the pointer. */
const rangeInput =
  'pointer-events-none absolute inset-x-0 top-1/2 h-11 w-full -translate-y-1/2 appearance-none bg-transparent focus-visible:outline-none [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-sky-600 [&::-moz-range-thumb]:bg-white [&::-moz-range-track]:bg-transparent [&::-webkit-slider-runnable-track]:bg-transparent [&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-sky-600 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-sky-300';

/**
 * The window as a bar from its start to +5 s with the press marked, the kept part highlighted, and two
 * handles (two range inputs over each other, each with its own label: arrows move them a second at a time).
 */
function RangeTimeline({ w, range, onChange }: { w: ClipWindow; range: ClipRange; onChange: (r: ClipRange) => void }) {
  const { t } = useTranslation('clips');
  const left = percentOf(range.from, w);
  const right = percentOf(range.to, w);
  const press = percentOf(0, w);
  // The handle last moved stays on top, so two handles at the same place can both be reached.
  const top = useRef<'from' | 'to'>('from');
  return (
    <div data-clip-timeline={`${w.min},${w.max}`}>
      <div className="relative mx-3 h-5 text-xs" aria-hidden="true">
        {/* Ends at the press mark (the mark sits near the right end: the window reaches 5 s past it). */}
        <span
          className={`absolute whitespace-nowrap font-semibold text-red-600 ${press > 50 ? '-translate-x-full pr-1' : 'pl-1'}`}
          style={{ left: `${press}%` }}
        >
          {t('editor.press')} ▾
        </span>
      </div>
      <div className="relative mx-3 h-14">
        <div className="absolute inset-x-0 top-1/2 h-8 -translate-y-1/2 overflow-hidden rounded-md bg-neutral-200">
          {/* Second ticks every 5 s. */}
          <div
            className="absolute inset-0 opacity-40"
            style={{
              backgroundImage: 'linear-gradient(to right, rgb(115 115 115) 1px, transparent 1px)',
              backgroundSize: `${(5 / Math.max(1, w.max - w.min)) * 100}% 100%`,
            }}
            aria-hidden="true"
          />
          <div className="absolute inset-y-0 bg-sky-500/70" style={{ left: `${left}%`, width: `${right - left}%` }} data-clip-selection />
        </div>
        <div className="absolute inset-y-1 w-0.5 bg-red-600" style={{ left: `${press}%` }} aria-hidden="true" />
        <input
          type="range"
          min={w.min}
          max={w.max}
          step={1}
          value={range.from}
          aria-label={t('editor.start')}
          aria-valuetext={signedSec(range.from)}
          onChange={(e) => {
            top.current = 'from';
            onChange(moveFrom(range, Number(e.target.value), w));
          }}
          className={`${rangeInput} ${top.current === 'from' ? 'z-20' : 'z-10'}`}
          data-clip-from
        />
        <input
          type="range"
          min={w.min}
          max={w.max}
          step={1}
          value={range.to}
          aria-label={t('editor.end')}
          aria-valuetext={signedSec(range.to)}
          onChange={(e) => {
            top.current = 'to';
            onChange(moveTo(range, Number(e.target.value), w));
          }}
          className={`${rangeInput} ${top.current === 'to' ? 'z-20' : 'z-10'}`}
          data-clip-to
        />
      </div>
      <div className="relative mx-3 h-5 text-xs text-neutral-500 tabular-nums" aria-hidden="true">
        <span className="absolute left-0">{signedSec(w.min)}</span>
        <span className="absolute right-0">{signedSec(w.max)}</span>
      </div>
    </div>
  );
}
