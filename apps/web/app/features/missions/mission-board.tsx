import {
  checkAmount,
  MISSION_LIMITS,
  type MissionDetail,
  type MissionInfo,
  type MissionLoseRule,
  ResultCode,
  resultMessage,
} from '@byeol/contract';
import { type FormEvent, type ReactNode, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useActionKey } from '../../lib/action-key';
import { type Answer, fieldOf, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useBjTerm, useLang, useUser } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { useSignIn } from '../../ui/sign-in';
import type { ChatRoom } from '../chat';
import { ChargeButton } from '../payments';
import {
  addToMission,
  cancelMission,
  createMission,
  listMissions,
  requestMission,
  savePledgeMin,
  settleMission,
  startMission,
} from './mission-api';
import { DURATION_PRESETS_SEC, fieldOfRefusal, isOpenMission, type MissionField, pledgePresets, sidesText } from './mission-rules';
import { MissionBoardStore } from './mission-store';
import { amountText, durationText, type MissionWords, resultText } from './mission-text';
import { MissionTimer, TypeBadge } from './mission-view';

/**
 * The mission board of a live room (issue 23, docs/missions.md) on /play/{vod_key}: a "미션" button under
 * the player (with the number of open missions) opens the board as a layer (a bottom sheet on phones).
 * The board lists the room's open missions with their timers, totals, a battle's sides and the member's
 * own pledge, and the missions settled in this broadcast; it follows the room's mission events (40–46).
 * A viewer requests a mission with a STAR pledge or adds STAR to one (a battle: on a side); the BJ and the
 * managers create challenges and battles, start them, and settle or cancel them after a confirmation. The
 * BJ never pledges in their own room, and sets the room's smallest pledge here.
 */

type View = { kind: 'list' } | { kind: 'request' } | { kind: 'create' } | { kind: 'add'; missionSn: number | null };
type Errors = Partial<Record<MissionField, string>>;

interface Bj {
  user_key: number;
  nick: string;
}

function useWords(): MissionWords {
  const { t } = useTranslation('missions');
  return { t, lang: useLang(), star: useStarName() };
}

/** The errors of a refusal, each under its field (the envelope's own message). */
function errorsOf(res: Answer<unknown>, fallback: string): Errors {
  const field = fieldOfRefusal(res.rslt_cd, fieldOf(res));
  return { [field]: res.rslt_cd === -1 ? fallback : res.rslt_msg || fallback };
}

const chip = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';
const smallAction =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50';

/** The play page's mission button: the number of open missions, and the board on press. */
export function MissionButton({ vodKey, room, bj }: { vodKey: string; room: ChatRoom | null; bj: Bj }) {
  const { t } = useTranslation('missions');
  const lang = useLang();
  const dialog = useDialog();
  // Events carry the whole mission (merged at once), so a room's viewers do not all reload the list after
  // each one: the board reads it again when it opens (the BJ's smallest pledge, the member's own totals).
  const [store] = useState(() => new MissionBoardStore(() => listMissions(vodKey, t('failed')), { reloadOnEvents: false }));
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const open = snap.list.filter(isOpenMission).length;

  useEffect(() => {
    void store.refresh();
  }, [store]);
  useEffect(() => (room ? store.attach(room) : undefined), [room, store]);

  const show = () => {
    void store.refresh();
    void dialog.layer<void>(() => <MissionBoard store={store} vodKey={vodKey} bj={bj} />, {
      title: t('title'),
    });
  };

  return (
    <button
      type="button"
      onClick={show}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-sky-700 px-4 text-sm font-semibold text-white hover:bg-sky-600 focus-visible:outline-2 focus-visible:outline-violet-400"
      aria-label={open > 0 ? `${t('button')} · ${t('buttonOpen', { n: open })}` : undefined}
      data-mission-button
      data-open-count={open}
    >
      <span aria-hidden="true">🎯</span>
      {t('button')}
      {open > 0 && (
        <span className="rounded-full bg-white px-1.5 text-xs font-bold text-sky-700" aria-hidden="true">
          {formatNumber(open, lang)}
        </span>
      )}
    </button>
  );
}

/** The board in its layer: the list, or one of its forms. */
export function MissionBoard({ store, vodKey, bj }: { store: MissionBoardStore; vodKey: string; bj: Bj }) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const back = () => setView({ kind: 'list' });
  if (view.kind === 'request') return <RequestForm store={store} vodKey={vodKey} onDone={back} />;
  if (view.kind === 'create') return <CreateForm store={store} vodKey={vodKey} onDone={back} />;
  if (view.kind === 'add') return <AddForm store={store} initial={view.missionSn} onDone={back} />;
  return <BoardList store={store} bj={bj} setView={setView} />;
}

/** The STAR the member holds, as the gift panel shows it. */
function BalanceRow({ balance }: { balance: number }) {
  const { t } = useTranslation('missions');
  const lang = useLang();
  const star = useStarName();
  return (
    <p className="flex items-center justify-between rounded-lg bg-neutral-100 px-3 py-2 text-sm">
      <span>{t('form.balance', { star })}</span>
      <strong data-mission-balance={balance}>{t('form.balanceN', { n: formatNumber(balance, lang) })}</strong>
    </p>
  );
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function BoardList({ store, bj, setView }: { store: MissionBoardStore; bj: Bj; setView: (v: View) => void }) {
  const { t } = useTranslation('missions');
  const words = useWords();
  const bjTerm = useBjTerm();
  const me = useUser();
  const signIn = useSignIn();
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const ownRoom = me !== null && me.user_key === bj.user_key;
  const manage = snap.extra?.can_manage === true;
  const open = snap.list.filter(isOpenMission);
  const settled = snap.list.filter((m) => !isOpenMission(m));
  const now = useNow(open.some((m) => m.state === 'running'));

  const go = async (view: View) => {
    if (!(await signIn.open())) return;
    setView(view);
  };

  if (snap.status === 'loading') return <p className="p-6 text-center text-sm text-neutral-500">{t('loading')}</p>;
  if (snap.status === 'failed') {
    return (
      <div className="space-y-3 p-6 text-center" data-mission-board="failed">
        <p role="alert" className="text-sm text-red-700">
          {snap.error || t('failed')}
        </p>
        <button type="button" className={secondaryButton} onClick={() => void store.refresh()}>
          {t('retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-4 p-4 text-neutral-900" data-mission-board="ready" data-can-manage={manage ? 'Y' : 'N'}>
      {me && !ownRoom && <BalanceRow balance={me.star_cnt} />}
      <div className="flex flex-wrap gap-2">
        {manage ? (
          <button type="button" className={`${primaryButton} flex-1`} onClick={() => void go({ kind: 'create' })} data-mission-create>
            {t('action.create')}
          </button>
        ) : (
          <button type="button" className={`${primaryButton} flex-1`} onClick={() => void go({ kind: 'request' })} data-mission-request>
            {t('action.request')}
          </button>
        )}
        {!ownRoom && open.length > 0 && (
          <button
            type="button"
            className={`${secondaryButton} flex-1`}
            onClick={() => void go({ kind: 'add', missionSn: null })}
            data-mission-add-any
          >
            {t('action.add', { star: words.star })}
          </button>
        )}
      </div>

      <section aria-labelledby="missions-open">
        <h3 id="missions-open" className="mb-2 text-sm font-bold text-neutral-800">
          {t('open')}
        </h3>
        {open.length === 0 ? (
          <div className="rounded-xl bg-neutral-50 p-4 text-sm text-neutral-600" data-mission-empty>
            <p className="font-semibold">{t('empty')}</p>
            <p className="mt-1">{manage ? t('emptyManage') : t('emptyHint', { star: words.star, bj: bjTerm })}</p>
          </div>
        ) : (
          <ul className="space-y-3">
            {open.map((m) => (
              <MissionCard
                key={m.mission_sn}
                mission={m}
                now={now}
                manage={manage}
                pledge={!ownRoom}
                store={store}
                onAdd={() => void go({ kind: 'add', missionSn: m.mission_sn })}
              />
            ))}
          </ul>
        )}
      </section>

      {settled.length > 0 && (
        <section aria-labelledby="missions-settled">
          <h3 id="missions-settled" className="mb-2 text-sm font-bold text-neutral-800">
            {t('settled')}
          </h3>
          <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200">
            {settled.map((m) => (
              <li key={m.mission_sn} className="px-3 py-2 text-sm" data-mission-settled={m.mission_sn} data-mission-state={m.state}>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <TypeBadge type={m.mission_type} />
                  <span className="min-w-0 flex-1 font-semibold break-words">{m.title}</span>
                </p>
                <p className="mt-0.5 text-xs text-neutral-600" data-mission-result>
                  {resultText(words, m)}
                  {m.my_star > 0 && <span className="ms-2">{t('mine', { amount: amountText(words, m.my_star) })}</span>}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {ownRoom && snap.extra && <PledgeMinSetting store={store} current={snap.extra.pledge_min} />}
    </div>
  );
}

/** One open mission: what it is, where it stands, and what the viewer may do with it. */
function MissionCard({
  mission: m,
  now,
  manage,
  pledge,
  store,
  onAdd,
}: {
  mission: MissionInfo;
  now: number;
  manage: boolean;
  pledge: boolean;
  store: MissionBoardStore;
  onAdd: () => void;
}) {
  const { t } = useTranslation('missions');
  const words = useWords();
  const bjTerm = useBjTerm();
  const lang = useLang();
  const dialog = useDialog();
  const [duration, setDuration] = useState<number>(MISSION_LIMITS.durationDefaultSec);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const durationId = useId();
  const battle = m.mission_type === 'battle';
  const total = Math.max(1, m.total_star);

  /** One manager step: confirmed first when it settles or cancels, then the answer on the board. */
  const act = async (confirm: string | null, call: () => Promise<Answer<MissionDetail>>, done: string) => {
    if (busy) return;
    if (confirm !== null && !(await dialog.confirm(confirm))) return;
    setBusy(true);
    setError('');
    const res = await call();
    setBusy(false);
    if (isOk(res)) {
      store.put(res.rslt_set.mission);
      void store.refresh();
      dialog.toast(done);
      return;
    }
    setError(res.rslt_cd === -1 ? t('form.failed') : res.rslt_msg);
    void store.refresh();
  };

  const title = m.title;
  const start = () => act(null, () => startMission(m.mission_sn, duration, t('form.failed')), t('done.started'));
  const verdict = (result: 'success' | 'fail') =>
    act(
      result === 'success' ? t('confirm.success', { title, amount: amountText(words, m.total_star) }) : t('confirm.fail', { title }),
      () => settleMission({ mission_sn: m.mission_sn, result }, t('form.failed')),
      t(result === 'success' ? 'done.success' : 'done.fail'),
    );
  const decide = (side: number) =>
    act(
      side > 0 ? t('confirm.win', { title, side: m.sides.find((s) => s.side_no === side)?.label ?? '' }) : t('confirm.draw', { title }),
      () => settleMission({ mission_sn: m.mission_sn, result: side > 0 ? 'win' : 'draw', side_no: side }, t('form.failed')),
      t('done.settled'),
    );
  const cancel = () => act(t('confirm.cancel', { title }), () => cancelMission(m.mission_sn, t('form.failed')), t('done.cancelled'));

  return (
    <li
      className="rounded-xl border border-neutral-200 p-3"
      data-mission-card={m.mission_sn}
      data-mission-state={m.state}
      data-mission-type={m.mission_type}
    >
      <div className="flex flex-wrap items-center gap-2">
        <TypeBadge type={m.mission_type} />
        <span className={`${chip} ${m.state === 'running' ? 'bg-emerald-100 text-emerald-800' : 'bg-neutral-100 text-neutral-700'}`}>
          {t(`state.${m.state}`)}
        </span>
        {m.state === 'running' && <MissionTimer endsAt={m.ends_at} now={now} className="text-xs font-semibold text-emerald-700" />}
      </div>
      <p className="mt-2 font-semibold break-words" data-mission-title>
        {m.title}
      </p>
      <p className="text-xs text-neutral-500">{m.requester ? t('requester', { nick: m.requester.nick }) : t('byBj', { bj: bjTerm })}</p>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-3 text-sm">
        <span>
          {t('total', { star: words.star })}{' '}
          <strong className="text-base" data-mission-total={m.total_star}>
            {formatNumber(m.total_star, lang)}
          </strong>
        </span>
        <span className="text-xs text-neutral-500">{t('pledges', { n: formatNumber(m.pledge_cnt, lang) })}</span>
      </p>
      {m.my_star > 0 && (
        <p className="mt-1 text-xs font-semibold text-violet-700" data-mission-mine={m.my_star}>
          {t('mine', { amount: amountText(words, m.my_star) })}
        </p>
      )}
      {battle && (
        <>
          <ul className="mt-2 space-y-1.5">
            {m.sides.map((s) => (
              <li key={s.side_no} className="text-sm" data-mission-side={s.side_no} data-side-total={s.total_star}>
                <div className="flex items-baseline justify-between gap-2">
                  <span className="min-w-0 font-semibold break-words">{s.label}</span>
                  <span className="shrink-0 tabular-nums">{amountText(words, s.total_star)}</span>
                </div>
                <div className="mt-0.5 h-1.5 overflow-hidden rounded-full bg-neutral-100" aria-hidden="true">
                  <div className="h-full rounded-full bg-sky-500" style={{ width: `${Math.round((s.total_star / total) * 100)}%` }} />
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-neutral-600" data-mission-lose-rule={m.lose_rule}>
            {t(`loseRule.${m.lose_rule}`, { star: words.star, bj: bjTerm })}
          </p>
        </>
      )}
      {(pledge || manage) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {pledge && (
            <button
              type="button"
              className={`${smallAction} bg-pink-600 text-white hover:bg-pink-500`}
              onClick={onAdd}
              aria-label={t('action.addTo', { title: m.title, star: words.star })}
              data-mission-add={m.mission_sn}
            >
              {t('action.add', { star: words.star })}
            </button>
          )}
          {manage && m.state === 'pending' && (
            <span className="inline-flex flex-wrap items-center gap-2">
              <label htmlFor={durationId} className="sr-only">
                {t('duration.labelFor', { title: m.title })}
              </label>
              <select
                id={durationId}
                className="min-h-11 rounded-lg border border-neutral-300 bg-white px-2 text-sm"
                value={duration}
                onChange={(e) => setDuration(Number(e.target.value))}
                data-mission-duration={m.mission_sn}
              >
                {DURATION_PRESETS_SEC.map((sec) => (
                  <option key={sec} value={sec}>
                    {durationText(words, sec)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={`${smallAction} bg-emerald-700 text-white hover:bg-emerald-600`}
                disabled={busy}
                onClick={() => void start()}
                data-mission-start={m.mission_sn}
              >
                {t('action.start')}
              </button>
            </span>
          )}
          {manage && m.state === 'running' && !battle && (
            <>
              <button
                type="button"
                className={`${smallAction} bg-brand text-white hover:bg-brand-dark`}
                disabled={busy}
                onClick={() => void verdict('success')}
                data-mission-success={m.mission_sn}
              >
                {t('action.success')}
              </button>
              <button
                type="button"
                className={`${smallAction} border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-100`}
                disabled={busy}
                onClick={() => void verdict('fail')}
                data-mission-fail={m.mission_sn}
              >
                {t('action.fail')}
              </button>
            </>
          )}
          {manage && battle && (
            <>
              {m.sides.map((s) => (
                <button
                  key={s.side_no}
                  type="button"
                  className={`${smallAction} bg-brand text-white hover:bg-brand-dark`}
                  disabled={busy}
                  onClick={() => void decide(s.side_no)}
                  data-mission-win={s.side_no}
                >
                  {t('action.win', { side: s.label })}
                </button>
              ))}
              <button
                type="button"
                className={`${smallAction} border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-100`}
                disabled={busy}
                onClick={() => void decide(0)}
                data-mission-draw={m.mission_sn}
              >
                {t('action.draw')}
              </button>
            </>
          )}
          {manage && (
            <button
              type="button"
              className={`${smallAction} border border-red-300 bg-white text-red-700 hover:bg-red-50`}
              disabled={busy}
              onClick={() => void cancel()}
              data-mission-cancel={m.mission_sn}
            >
              {t('action.cancel')}
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700" data-mission-error>
          {error}
        </p>
      )}
    </li>
  );
}

/** A form's frame: its title, a way back to the list, its body. */
function FormFrame({ title, onBack, children }: { title: string; onBack: () => void; children: ReactNode }) {
  const { t } = useTranslation('missions');
  return (
    <div className="space-y-4 p-4 text-neutral-900">
      <div className="flex items-center gap-2">
        <button type="button" className={secondaryButton} onClick={onBack} data-mission-back>
          ← {t('back')}
        </button>
        <h3 className="min-w-0 flex-1 truncate text-base font-bold">{title}</h3>
      </div>
      {children}
    </div>
  );
}

/** The amount field with its presets: one idempotency key per pledge, so each change is another action. */
function StarField({
  id,
  value,
  onChange,
  presets,
  error,
  hint,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  presets: number[];
  error: string | undefined;
  hint: string;
}) {
  const { t } = useTranslation('missions');
  const lang = useLang();
  const star = useStarName();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {t('form.star', { star })}
      </label>
      <div className="mb-2 grid grid-cols-4 gap-2" role="group" aria-label={t('form.presets')}>
        {presets.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={value === String(n)}
            onClick={() => onChange(String(n))}
            className={`min-h-11 rounded-lg border px-1 text-sm font-semibold ${
              value === String(n) ? 'border-pink-600 bg-pink-600 text-white' : 'border-neutral-300 bg-white hover:bg-neutral-100'
            }`}
            data-mission-preset={n}
          >
            {t('form.presetN', { n: formatNumber(n, lang) })}
          </button>
        ))}
      </div>
      <input
        id={id}
        name="star_cnt"
        inputMode="numeric"
        autoComplete="off"
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-msg`}
      />
      <FieldMessages id={id} errors={error ? [error] : []} hint={hint} />
    </div>
  );
}

/** A viewer's request: the mission's text and the first pledge (at least the room's minimum). */
function RequestForm({ store, vodKey, onDone }: { store: MissionBoardStore; vodKey: string; onDone: () => void }) {
  const { t } = useTranslation('missions');
  const lang = useLang();
  const words = useWords();
  const bjTerm = useBjTerm();
  const me = useUser();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const min = snap.extra?.pledge_min ?? MISSION_LIMITS.pledgeMinDefault;
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  /** The wallet holds too little: the charge panel is offered right there. */
  const [short, setShort] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = useActionKey();
  const change = (next: { title?: string; amount?: string }) => {
    key.reset();
    setErrors({});
    setShort(false);
    if (next.title !== undefined) setTitle(next.title);
    if (next.amount !== undefined) setAmount(next.amount);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkAmount(amount, { min, max: MISSION_LIMITS.pledgeMax }, 'star_cnt');
    if (!checked.ok) {
      setErrors({
        star:
          checked.code === 'WALLET_AMOUNT_TOO_SMALL' || checked.code === 'REQUIRED'
            ? resultMessage('MISSION_PLEDGE_MIN', lang, { min: formatNumber(min, lang) })
            : resultMessage(checked.code, lang, checked.params),
      });
      return;
    }
    setBusy(true);
    setErrors({});
    const res = await requestMission({ vod_key: vodKey, title, star_cnt: String(checked.value) }, key.take(), t('form.failed'));
    setBusy(false);
    key.answered(res.rslt_cd);
    if (isOk(res)) {
      store.put(res.rslt_set.mission);
      void store.refresh();
      void revalidator.revalidate();
      dialog.toast(t('done.requested'));
      onDone();
      return;
    }
    setErrors(errorsOf(res, t('form.failed')));
    setShort(res.rslt_cd === ResultCode.WALLET_INSUFFICIENT);
  };

  const chars = [...title].length;
  return (
    <FormFrame title={t('form.requestTitle')} onBack={onDone}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-mission-request-form>
        <p className="text-sm text-neutral-600">{t('form.requestLead', { star: words.star, bj: bjTerm })}</p>
        {me && <BalanceRow balance={me.star_cnt} />}
        <div>
          <label htmlFor="mission-title" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('form.missionTitle')}
          </label>
          <input
            id="mission-title"
            name="title"
            className={inputClass}
            value={title}
            placeholder={t('form.missionTitlePlaceholder')}
            onChange={(e) => change({ title: e.target.value })}
            aria-invalid={Boolean(errors.title)}
            aria-describedby="mission-title-msg"
            data-autofocus
          />
          <div className="flex items-start justify-between gap-2">
            <FieldMessages id="mission-title" errors={errors.title ? [errors.title] : []} />
            <span className={`mt-1 shrink-0 text-xs ${chars > MISSION_LIMITS.titleMax ? 'text-red-600' : 'text-neutral-500'}`}>
              {t('form.counter', { n: chars, max: MISSION_LIMITS.titleMax })}
            </span>
          </div>
        </div>
        <StarField
          id="mission-star"
          value={amount}
          onChange={(v) => change({ amount: v })}
          presets={pledgePresets(min)}
          error={errors.star}
          hint={t('form.starHint', { min: formatNumber(min, lang) })}
        />
        {short && <ChargeButton className={`${secondaryButton} w-full`} />}
        <FormError message={errors.form ?? errors.mission ?? errors.side ?? errors.sides} />
        <button type="submit" className={`${primaryButton} w-full`} disabled={busy} data-mission-submit>
          {busy ? t('form.sending') : key.undecided ? t('form.retry') : t('form.submitRequest')}
        </button>
      </form>
    </FormFrame>
  );
}

/** Adding STAR to an open mission (picked here or on its card; a battle's side). */
function AddForm({ store, initial, onDone }: { store: MissionBoardStore; initial: number | null; onDone: () => void }) {
  const { t } = useTranslation('missions');
  const lang = useLang();
  const words = useWords();
  const me = useUser();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const open = snap.list.filter(isOpenMission);
  const [missionSn, setMissionSn] = useState<string>(initial === null ? '' : String(initial));
  const [side, setSide] = useState(0);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [balance, setBalance] = useState<number | null>(null);
  const [short, setShort] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = useActionKey();
  const mission = open.find((m) => String(m.mission_sn) === missionSn) ?? snap.list.find((m) => String(m.mission_sn) === missionSn);
  const change = (next: { missionSn?: string; side?: number; amount?: string }) => {
    key.reset();
    setErrors({});
    setShort(false);
    if (next.missionSn !== undefined) {
      setMissionSn(next.missionSn);
      setSide(0);
    }
    if (next.side !== undefined) setSide(next.side);
    if (next.amount !== undefined) setAmount(next.amount);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // SPEC §5: 'mission selection' is required.
    if (!mission) {
      setErrors({ mission: resultMessage('MISSION_SELECT_REQUIRED', lang) });
      return;
    }
    if (mission.mission_type === 'battle' && side === 0) {
      setErrors({ side: resultMessage('MISSION_SIDE_REQUIRED', lang) });
      return;
    }
    const checked = checkAmount(amount, { min: 1, max: MISSION_LIMITS.pledgeMax }, 'star_cnt');
    if (!checked.ok) {
      setErrors({ star: resultMessage(checked.code, lang, checked.params) });
      return;
    }
    setBusy(true);
    setErrors({});
    const res = await addToMission(
      { mission_sn: mission.mission_sn, star_cnt: String(checked.value), side_no: side },
      key.take(),
      t('form.failed'),
    );
    setBusy(false);
    key.answered(res.rslt_cd);
    if (isOk(res)) {
      setBalance(res.rslt_set.balance);
      store.put(res.rslt_set.mission);
      void store.refresh();
      void revalidator.revalidate();
      dialog.toast(t('done.added', { amount: amountText(words, checked.value) }));
      onDone();
      return;
    }
    setErrors(errorsOf(res, t('form.failed')));
    setShort(res.rslt_cd === ResultCode.WALLET_INSUFFICIENT);
  };

  const sideName = 'mission-side';
  return (
    <FormFrame title={t('form.addTitle', { star: words.star })} onBack={onDone}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-mission-add-form>
        {me && <BalanceRow balance={balance ?? me.star_cnt} />}
        <div>
          <label htmlFor="mission-select" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('form.mission')}
          </label>
          <select
            id="mission-select"
            name="mission_sn"
            className={inputClass}
            value={missionSn}
            onChange={(e) => change({ missionSn: e.target.value })}
            aria-invalid={Boolean(errors.mission)}
            aria-describedby="mission-select-msg"
          >
            <option value="">{t('form.missionPlaceholder')}</option>
            {open.map((m) => (
              <option key={m.mission_sn} value={m.mission_sn}>
                [{t(`type.${m.mission_type}`)}] {m.title}
              </option>
            ))}
          </select>
          <FieldMessages id="mission-select" errors={errors.mission ? [errors.mission] : []} />
        </div>
        {mission?.mission_type === 'battle' && (
          <fieldset aria-describedby="mission-side-msg">
            <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('form.side')}</legend>
            <div className="grid grid-cols-2 gap-2">
              {mission.sides.map((s) => (
                <label
                  key={s.side_no}
                  className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-semibold ${
                    side === s.side_no ? 'border-sky-600 bg-sky-50' : 'border-neutral-300'
                  }`}
                >
                  <input
                    type="radio"
                    name={sideName}
                    value={s.side_no}
                    checked={side === s.side_no}
                    onChange={() => change({ side: s.side_no })}
                    className="size-4 accent-sky-600"
                    data-mission-side-choice={s.side_no}
                  />
                  <span className="min-w-0 break-words">{s.label}</span>
                </label>
              ))}
            </div>
            <FieldMessages id="mission-side" errors={errors.side ? [errors.side] : []} />
          </fieldset>
        )}
        <StarField
          id="mission-add-star"
          value={amount}
          onChange={(v) => change({ amount: v })}
          presets={[100, 500, 1_000, 5_000]}
          error={errors.star}
          hint={t('form.addHint')}
        />
        {short && <ChargeButton className={`${secondaryButton} w-full`} />}
        <FormError message={errors.form ?? errors.sides ?? errors.title} />
        <button type="submit" className={`${primaryButton} w-full`} disabled={busy} data-mission-submit>
          {busy ? t('form.sending') : key.undecided ? t('form.retry') : t('form.submitAdd')}
        </button>
      </form>
    </FormFrame>
  );
}

/** The BJ's or a manager's mission: a challenge (no pledge) or a battle with 2–4 sides and its rule for losing pledges. */
function CreateForm({ store, vodKey, onDone }: { store: MissionBoardStore; vodKey: string; onDone: () => void }) {
  const { t } = useTranslation('missions');
  const words = useWords();
  const bjTerm = useBjTerm();
  const dialog = useDialog();
  const [type, setType] = useState<'challenge' | 'battle'>('challenge');
  const [title, setTitle] = useState('');
  const [sides, setSides] = useState<string[]>(['', '']);
  const [loseRule, setLoseRule] = useState<MissionLoseRule>('refund');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    const res = await createMission(
      type === 'battle'
        ? { vod_key: vodKey, title, mission_type: 'battle', sides: sidesText(sides), lose_rule: loseRule }
        : { vod_key: vodKey, title, mission_type: 'challenge' },
      t('form.failed'),
    );
    setBusy(false);
    if (isOk(res)) {
      store.put(res.rslt_set.mission);
      void store.refresh();
      dialog.toast(t('done.created'));
      onDone();
      return;
    }
    setErrors(errorsOf(res, t('form.failed')));
  };

  const radio = (checked: boolean) =>
    `flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm ${checked ? 'border-brand bg-violet-50' : 'border-neutral-300'}`;
  const chars = [...title].length;
  return (
    <FormFrame title={t('form.createTitle')} onBack={onDone}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-mission-create-form>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('form.type')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['challenge', 'battle'] as const).map((kind) => (
              <label key={kind} className={radio(type === kind)}>
                <input
                  type="radio"
                  name="mission_type"
                  value={kind}
                  checked={type === kind}
                  onChange={() => {
                    setType(kind);
                    setErrors({});
                  }}
                  className="mt-0.5 size-4 accent-brand"
                  data-mission-type-choice={kind}
                />
                <span>
                  <span className="block font-semibold">{t(kind === 'battle' ? 'form.typeBattle' : 'form.typeChallenge')}</span>
                  <span className="block text-xs text-neutral-600">
                    {t(kind === 'battle' ? 'form.typeBattleHint' : 'form.typeChallengeHint', { star: words.star, bj: bjTerm })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="mission-create-title" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t('form.missionTitle')}
          </label>
          <input
            id="mission-create-title"
            name="title"
            className={inputClass}
            value={title}
            placeholder={t('form.missionTitlePlaceholder')}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors({});
            }}
            aria-invalid={Boolean(errors.title)}
            aria-describedby="mission-create-title-msg"
          />
          <div className="flex items-start justify-between gap-2">
            <FieldMessages id="mission-create-title" errors={errors.title ? [errors.title] : []} />
            <span className={`mt-1 shrink-0 text-xs ${chars > MISSION_LIMITS.titleMax ? 'text-red-600' : 'text-neutral-500'}`}>
              {t('form.counter', { n: chars, max: MISSION_LIMITS.titleMax })}
            </span>
          </div>
        </div>
        {type === 'battle' && (
          <>
            <fieldset aria-describedby="mission-sides-msg">
              <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('form.sides')}</legend>
              <div className="space-y-2">
                {sides.map((label, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions (side 1, 2, …), not items
                  <div key={i} className="flex gap-2">
                    <input
                      className={inputClass}
                      value={label}
                      maxLength={MISSION_LIMITS.sideLabelMax * 2}
                      aria-label={t('form.sideN', { n: i + 1 })}
                      placeholder={t('form.sideN', { n: i + 1 })}
                      onChange={(e) => {
                        setSides(sides.map((s, j) => (j === i ? e.target.value : s)));
                        setErrors({});
                      }}
                      aria-invalid={Boolean(errors.sides)}
                      data-mission-side-label={i + 1}
                    />
                    {sides.length > MISSION_LIMITS.sidesMin && (
                      <button
                        type="button"
                        className={secondaryButton}
                        aria-label={t('form.removeSide', { n: i + 1 })}
                        onClick={() => setSides(sides.filter((_, j) => j !== i))}
                      >
                        ✕
                      </button>
                    )}
                  </div>
                ))}
              </div>
              {sides.length < MISSION_LIMITS.sidesMax && (
                <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setSides([...sides, ''])} data-mission-add-side>
                  + {t('form.addSide')}
                </button>
              )}
              <FieldMessages
                id="mission-sides"
                errors={errors.sides ? [errors.sides] : []}
                hint={t('form.sidesHint', { min: MISSION_LIMITS.sidesMin, max: MISSION_LIMITS.sidesMax, len: MISSION_LIMITS.sideLabelMax })}
              />
            </fieldset>
            <fieldset>
              <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('form.loseRule', { star: words.star })}</legend>
              <div className="grid gap-2">
                {(['refund', 'pay'] as const).map((rule) => (
                  <label key={rule} className={radio(loseRule === rule)}>
                    <input
                      type="radio"
                      name="lose_rule"
                      value={rule}
                      checked={loseRule === rule}
                      onChange={() => setLoseRule(rule)}
                      className="mt-0.5 size-4 accent-brand"
                      data-mission-lose-choice={rule}
                    />
                    <span>{t(`loseRule.${rule}`, { star: words.star, bj: bjTerm })}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}
        <FormError message={errors.form ?? errors.star ?? errors.mission ?? errors.side} />
        <button type="submit" className={`${primaryButton} w-full`} disabled={busy} data-mission-submit>
          {busy ? t('form.sending') : t('form.submitCreate')}
        </button>
      </form>
    </FormFrame>
  );
}

/** The BJ's smallest pledge for their rooms' missions (100–30,000 STAR). */
function PledgeMinSetting({ store, current }: { store: MissionBoardStore; current: number }) {
  const { t } = useTranslation('missions');
  const lang = useLang();
  const star = useStarName();
  const dialog = useDialog();
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const n = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || n < MISSION_LIMITS.pledgeMinLow || n > MISSION_LIMITS.pledgeMinHigh) {
      setError(
        resultMessage('MISSION_PLEDGE_MIN_RANGE', lang, {
          min: formatNumber(MISSION_LIMITS.pledgeMinLow, lang),
          max: formatNumber(MISSION_LIMITS.pledgeMinHigh, lang),
        }),
      );
      return;
    }
    setBusy(true);
    setError('');
    const res = await savePledgeMin(n, t('form.failed'));
    setBusy(false);
    if (isOk(res)) {
      void store.refresh();
      dialog.toast(t('done.setting'));
      return;
    }
    setError(res.rslt_cd === -1 ? t('form.failed') : res.rslt_msg);
  };

  return (
    <form
      className="space-y-2 rounded-xl border border-neutral-200 p-3"
      onSubmit={(e) => void save(e)}
      noValidate
      aria-labelledby="mission-setting-title"
      data-mission-setting
    >
      <h3 id="mission-setting-title" className="text-sm font-bold text-neutral-800">
        {t('setting.title')}
      </h3>
      <label htmlFor="mission-pledge-min" className="block text-sm text-neutral-700">
        {t('setting.label', { star })}
      </label>
      <div className="flex gap-2">
        <input
          id="mission-pledge-min"
          name="pledge_min"
          inputMode="numeric"
          autoComplete="off"
          className={inputClass}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
          aria-invalid={error !== ''}
          aria-describedby="mission-pledge-min-msg"
        />
        <button type="submit" className={secondaryButton} disabled={busy} data-mission-setting-save>
          {busy ? t('setting.saving') : t('setting.save')}
        </button>
      </div>
      <FieldMessages
        id="mission-pledge-min"
        errors={error ? [error] : []}
        hint={t('setting.hint', {
          min: formatNumber(MISSION_LIMITS.pledgeMinLow, lang),
          max: formatNumber(MISSION_LIMITS.pledgeMinHigh, lang),
          n: formatNumber(current, lang),
        })}
      />
    </form>
  );
}
