import type { AchievementDay, AchievementSet, MedalItem, MedalSet } from '@byeol/contract';
import { type ReactNode, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { copyText } from '../../lib/copy';
import { dateFormat, formatNumber } from '../../lib/format';
import { inviteLink } from '../../lib/links';
import { useClipName } from '../../lib/use-clip-name';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLoginRequired } from '../../lib/use-login-required';
import { useBjTerm, useLang, useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { primaryButton, secondaryButton } from '../../ui/fields';
import { LinkTabs } from '../../ui/link-tabs';
import { BackToMyPage, EmptyState, LoadFailed } from '../../ui/list-ui';
import { claimReward } from './achieve-api';
import { ChallengeIcon, MedalIcon } from './achieve-icons';
import {
  ACHIEVE_TABS,
  type AchieveTab,
  achieveHref,
  afterClaim,
  CHALLENGES,
  type Challenge,
  challengeDone,
  dayDate,
  doneCount,
  earnedCount,
  medalGroups,
  medalPercent,
  minutesNeed,
  type RewardState,
  rewardState,
} from './achieve-rules';

/** What /mypage/achieve's loader read for the tab shown (null: not read, or refused with `message`). */
export interface AchievePageData {
  tab: AchieveTab;
  achievements: AchievementSet | null;
  medals: MedalSet | null;
  message: string;
}

/**
 * /mypage/achieve (issue 23, SPEC §2): today's five challenges with the reward, the last seven days, and the
 * medals with the referral code. Phone first: one column, the days as a compact table, medals two by two.
 */
export function AchievePage({ data }: { data: AchievePageData }) {
  const { t } = useTranslation('achieve');
  const set = data.tab === 'today' ? data.achievements : data.medals;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10" data-achieve-page={data.tab}>
      <BackToMyPage />
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <LinkTabs
        label={t('tabs.label')}
        current={data.tab}
        tabs={ACHIEVE_TABS.map((key) => ({ key, to: achieveHref(key), text: t(`tabs.${key}`) }))}
      />
      {!set ? (
        <LoadFailed message={data.message || t('loadFailed')} />
      ) : data.tab === 'today' && data.achievements ? (
        <TodayPanel set={data.achievements} />
      ) : data.medals ? (
        <MedalsPanel set={data.medals} />
      ) : null}
    </div>
  );
}

function Section({ name, title, aside, children }: { name: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-6 min-w-0" aria-labelledby={`achieve-${name}-title`} data-achieve-section={name}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={`achieve-${name}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

// ---- today's challenges -----------------------------------------------------------------------------

function TodayPanel({ set }: { set: AchievementSet }) {
  const { t } = useTranslation('achieve');
  const lang = useLang();
  const names = useCurrencyNames();
  const user = useUser();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const loginRequired = useLoginRequired();
  const [days, setDays] = useState<AchievementDay[]>(set.day_data_list);
  const [balance, setBalance] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');
  const n = (v: number) => formatNumber(v, lang);
  const today = days[0];
  const shownBalance = balance ?? user?.cubic_cnt ?? 0;

  async function claim(day: string, isToday: boolean) {
    if (busy) return;
    setBusy(day);
    setError('');
    const res = await claimReward(isToday ? undefined : day, t('retry'));
    setBusy(null);
    if (loginRequired(res)) return;
    if (!isOk(res)) {
      setError(res.rslt_msg || t('retry'));
      return;
    }
    const done = res.rslt_set;
    setDays((shown) => afterClaim(shown, done.day));
    setBalance(done.cubic_cnt);
    dialog.toast(t('today.toast', { item: names.item, n: n(done.cubic), balance: n(done.cubic_cnt) }));
    // The root data's user_info holds the balance the header and my page show.
    void revalidator.revalidate();
  }

  if (!today) return <EmptyState name="achieve-days" text={t('days.empty')} />;
  const count = doneCount(today);
  const allDone = today.total_yn === 'Y';
  return (
    <>
      <Section
        name="today"
        title={t('today.title')}
        aside={
          <span className="text-sm font-semibold tabular-nums text-neutral-600" data-today-progress={count}>
            {t('today.progress', { n: count, total: CHALLENGES.length })}
          </span>
        }
      >
        <p className="mt-1 text-sm text-neutral-600">{t('today.hint', { item: names.item })}</p>
        {allDone && (
          <p className="mt-3 rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-800" data-today-all-done>
            ✓ {t('today.allDone')}
          </p>
        )}
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-challenges>
          {CHALLENGES.map((c) => (
            <ChallengeCard key={c} challenge={c} day={today} />
          ))}
        </ul>
        <RewardBox
          state={rewardState(today)}
          cubic={set.reward_cubic}
          balance={shownBalance}
          busy={busy === today.day}
          error={error}
          onClaim={() => void claim(today.day, true)}
        />
      </Section>
      <DaysTable days={days} busy={busy} onClaim={(day) => void claim(day, false)} />
    </>
  );
}

function ChallengeCard({ challenge, day }: { challenge: Challenge; day: AchievementDay }) {
  const { t } = useTranslation('achieve');
  const lang = useLang();
  const names = useCurrencyNames();
  const bj = useBjTerm();
  const done = challengeDone(day, challenge);
  const need = minutesNeed(challenge);
  // The 30 and 60 minute challenges show how far today's minutes got ("42 / 60분").
  const bar = need !== null && need > 1 ? need : null;
  const shown = bar === null ? 0 : Math.min(day.watch_minutes, bar);
  const title = t(`challenge.${challenge}`, { star: names.star });
  return (
    <li
      className={`flex min-w-0 items-start gap-3 rounded-2xl border p-4 ${done ? 'border-emerald-300 bg-emerald-50/60' : 'border-neutral-200 bg-white'}`}
      data-challenge={challenge}
      data-done={done ? 'Y' : 'N'}
    >
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-full ${done ? 'bg-emerald-100 text-emerald-700' : 'bg-neutral-100 text-neutral-500'}`}
      >
        <ChallengeIcon challenge={challenge} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 font-semibold">{title}</p>
          <span
            className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-bold ${done ? 'bg-emerald-600 text-white' : 'bg-neutral-200 text-neutral-600'}`}
            data-challenge-state
          >
            {done ? `✓ ${t('today.done')}` : t('today.notDone')}
          </span>
        </div>
        <p className="mt-0.5 text-xs text-neutral-500">{t(`challengeHint.${challenge}`, { star: names.star, bj })}</p>
        {challenge === 'viewer' && (
          <p className="mt-2 text-sm font-semibold tabular-nums text-neutral-700" data-watched={day.watch_minutes}>
            {t('today.watched', { n: formatNumber(day.watch_minutes, lang) })}
          </p>
        )}
        {bar !== null && (
          <div className="mt-2">
            <div
              role="progressbar"
              aria-label={title}
              aria-valuemin={0}
              aria-valuemax={bar}
              aria-valuenow={shown}
              className="h-2 w-full overflow-hidden rounded-full bg-neutral-200"
            >
              <div
                className={`h-full rounded-full ${done ? 'bg-emerald-500' : 'bg-brand'}`}
                style={{ width: `${Math.floor((shown / bar) * 100)}%` }}
              />
            </div>
            <p className="mt-1 text-sm font-semibold tabular-nums text-neutral-700" data-minutes>
              {t('today.minutes', { n: formatNumber(shown, lang), need: formatNumber(bar, lang) })}
            </p>
          </div>
        )}
      </div>
    </li>
  );
}

function RewardBox({
  state,
  cubic,
  balance,
  busy,
  error,
  onClaim,
}: {
  state: RewardState;
  cubic: number;
  balance: number;
  busy: boolean;
  error: string;
  onClaim: () => void;
}) {
  const { t } = useTranslation('achieve');
  const lang = useLang();
  const names = useCurrencyNames();
  const note = state === 'incomplete' ? t('today.incomplete') : state === 'unavailable' ? t('today.unavailable') : '';
  return (
    <div className="mt-4 rounded-2xl bg-neutral-50 p-4 sm:flex sm:items-center sm:justify-between sm:gap-4" data-reward={state}>
      <div className="min-w-0">
        <p className="text-sm text-neutral-600">
          {t('balance', { item: names.item })}{' '}
          <span className="font-bold tabular-nums text-neutral-900" data-achieve-balance={balance}>
            {formatNumber(balance, lang)}
          </span>
        </p>
        {note && <p className="mt-1 text-xs text-neutral-500">{note}</p>}
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-600" data-reward-error>
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        className={`${primaryButton} mt-3 w-full sm:mt-0 sm:w-auto`}
        disabled={state !== 'claimable' || busy}
        onClick={onClaim}
        data-reward-claim={state}
      >
        {state === 'claimed'
          ? `✓ ${t('today.claimed')}`
          : busy
            ? t('today.claiming')
            : t('today.claim', { n: formatNumber(cubic, lang), item: names.item })}
      </button>
    </div>
  );
}

function DaysTable({ days, busy, onClaim }: { days: AchievementDay[]; busy: string | null; onClaim: (day: string) => void }) {
  const { t } = useTranslation('achieve');
  const lang = useLang();
  const names = useCurrencyNames();
  const format = dateFormat(lang, { month: 'numeric', day: 'numeric', weekday: 'short', timeZone: 'UTC' });
  const challengeName = (c: Challenge) => t(`challenge.${c}`, { star: names.star });
  return (
    <Section name="days" title={t('days.title')}>
      <p className="mt-1 text-sm text-neutral-600">{t('days.hint')}</p>
      {days.length === 0 ? (
        <EmptyState name="achieve-days" text={t('days.empty')} />
      ) : (
        <div className="mt-3 overflow-hidden rounded-2xl border border-neutral-200">
          <table className="w-full text-sm" data-days>
            <thead className="bg-neutral-50 text-xs text-neutral-600">
              <tr>
                <th scope="col" className="px-2 py-2 text-start font-semibold sm:px-3">
                  {t('days.day')}
                </th>
                <th scope="col" className="px-1 py-2 text-end font-semibold sm:px-3">
                  {t('days.watch')}
                </th>
                {CHALLENGES.map((c) => (
                  <th key={c} scope="col" className="px-0.5 py-2 text-center font-normal" title={challengeName(c)}>
                    <ChallengeIcon challenge={c} className="mx-auto size-4" />
                    <span className="sr-only">{challengeName(c)}</span>
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-end font-semibold sm:px-3">
                  {t('days.reward')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {days.map((d, i) => {
                const state = rewardState(d);
                return (
                  <tr key={d.day} data-day={d.day} data-day-total={d.total_yn} className={i === 0 ? 'bg-brand/5' : ''}>
                    <th scope="row" className="whitespace-nowrap px-2 py-2 text-start font-semibold sm:px-3">
                      {format.format(dayDate(d.day))}
                      {i === 0 && <span className="ms-1 text-xs font-normal text-brand-dark">{t('days.today')}</span>}
                    </th>
                    <td className="whitespace-nowrap px-1 py-2 text-end tabular-nums sm:px-3" data-day-minutes={d.watch_minutes}>
                      {t('days.minutes', { n: formatNumber(d.watch_minutes, lang) })}
                    </td>
                    {CHALLENGES.map((c) => {
                      const done = challengeDone(d, c);
                      return (
                        <td key={c} className="px-0.5 py-2 text-center" data-day-challenge={c} data-done={done ? 'Y' : 'N'}>
                          <span aria-hidden="true" className={done ? 'font-bold text-emerald-600' : 'text-neutral-300'}>
                            {done ? '✓' : '·'}
                          </span>
                          <span className="sr-only">
                            {done ? t('days.done', { name: challengeName(c) }) : t('days.notDone', { name: challengeName(c) })}
                          </span>
                        </td>
                      );
                    })}
                    <td className="px-2 py-1.5 text-end sm:px-3" data-day-reward={state}>
                      {state === 'claimed' ? (
                        <span className="whitespace-nowrap text-xs font-semibold text-emerald-700">✓ {t('days.claimed')}</span>
                      ) : state === 'claimable' && i > 0 ? (
                        <button
                          type="button"
                          className={`${secondaryButton} min-h-9 px-2 py-1 text-xs`}
                          disabled={busy !== null}
                          onClick={() => onClaim(d.day)}
                          data-day-claim={d.day}
                        >
                          {busy === d.day ? t('today.claiming') : t('days.claim')}
                        </button>
                      ) : (
                        <span className="text-neutral-400">{t('days.none')}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

// ---- medals ------------------------------------------------------------------------------------------

function MedalsPanel({ set }: { set: MedalSet }) {
  const { t } = useTranslation('achieve');
  const bj = useBjTerm();
  const groups = medalGroups(set.medal_list);
  return (
    <>
      <ReferralCard code={set.referral_code} />
      <Section
        name="medals"
        title={t('medals.title')}
        aside={
          <span className="text-sm font-semibold tabular-nums text-neutral-600" data-medals-earned={earnedCount(set.medal_list)}>
            {t('medals.summary', { n: earnedCount(set.medal_list), total: set.medal_list.length })}
          </span>
        }
      >
        <p className="mt-1 text-sm text-neutral-600">{t('medals.hint')}</p>
        {groups.length === 0 ? (
          <EmptyState name="medals" text={t('medals.empty')} />
        ) : (
          groups.map(({ group, medals }) => (
            <div key={group} className="mt-5" data-medal-group={group}>
              <h3 className="text-sm font-bold text-neutral-700">{t(`medals.groups.${group}`, { bj })}</h3>
              <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
                {medals.map((m) => (
                  <MedalCard key={m.id} medal={m} />
                ))}
              </ul>
            </div>
          ))
        )}
      </Section>
    </>
  );
}

/** The medal's look by level: grey before the first, then bronze, silver, gold, emerald, violet. */
const MEDAL_TONES = [
  'bg-neutral-100 text-neutral-300',
  'bg-amber-50 text-amber-600',
  'bg-slate-100 text-slate-400',
  'bg-yellow-50 text-yellow-500',
  'bg-emerald-50 text-emerald-500',
  'bg-violet-50 text-violet-600',
];

function MedalCard({ medal }: { medal: MedalItem }) {
  const { t } = useTranslation('achieve');
  const lang = useLang();
  const names = useCurrencyNames();
  const bj = useBjTerm();
  const clip = useClipName();
  const n = (v: number) => formatNumber(v, lang);
  const tone = MEDAL_TONES[Math.min(medal.level, MEDAL_TONES.length - 1)];
  const pct = medalPercent(medal);
  const date = medal.date ? dateFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' }).format(new Date(medal.date)) : '';
  return (
    <li
      className={`flex min-w-0 flex-col items-center rounded-2xl border p-3 text-center ${medal.level > 0 ? 'border-neutral-200 bg-white' : 'border-dashed border-neutral-300 bg-neutral-50'}`}
      data-medal={medal.id}
      data-medal-level={medal.level}
    >
      <span className={`flex size-12 items-center justify-center rounded-full ${tone}`}>
        <MedalIcon />
      </span>
      <p className="mt-2 w-full break-words text-sm font-bold" data-medal-label>
        {medal.label}
      </p>
      <p className="w-full text-xs text-neutral-500">{t(`medals.what.${medal.id}`, { star: names.star, bj, clip })}</p>
      <p
        className={`mt-1.5 text-sm font-bold tabular-nums ${medal.level > 0 ? 'text-brand-dark' : 'text-neutral-500'}`}
        data-medal-lv={medal.level}
      >
        {medal.level > 0 ? t('medals.level', { n: medal.level, max: medal.level_max }) : t('medals.none')}
      </p>
      <div className="mt-1.5 w-full">
        <div
          role="progressbar"
          aria-label={medal.label}
          aria-valuemin={0}
          aria-valuemax={medal.next ?? medal.count}
          aria-valuenow={medal.count}
          className="h-1.5 w-full overflow-hidden rounded-full bg-neutral-200"
        >
          <div className="h-full rounded-full bg-brand" style={{ width: `${pct}%` }} />
        </div>
        <p className="mt-1 text-xs font-semibold tabular-nums text-neutral-700" data-medal-progress>
          {medal.next === null ? t('medals.max') : t('medals.progress', { count: n(medal.count), next: n(medal.next) })}
        </p>
      </div>
      {date && (
        <p className="mt-1 text-[11px] text-neutral-500" data-medal-date>
          {t('medals.date', { date })}
        </p>
      )}
    </li>
  );
}

function ReferralCard({ code }: { code: string }) {
  const { t } = useTranslation('achieve');
  const dialog = useDialog();
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  async function copy(what: 'code' | 'link') {
    const text = what === 'code' ? code : inviteLink(window.location.origin, code);
    if (await copyText(text)) {
      setCopied(what);
      dialog.toast(t(what === 'code' ? 'referral.copyToast' : 'referral.linkToast'));
      setTimeout(() => setCopied(null), 2000);
    } else {
      dialog.toast(t('referral.copyFailed'));
    }
  }
  return (
    <section
      className="mt-6 rounded-2xl border border-brand/30 bg-brand/5 p-4 sm:p-5"
      aria-labelledby="achieve-referral-title"
      data-referral
    >
      <h2 id="achieve-referral-title" className="text-base font-bold">
        {t('referral.title')}
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="min-w-0 select-all break-all rounded-lg bg-white px-3 py-2 font-mono text-lg font-bold" data-referral-code>
          {code}
        </code>
        <button type="button" className={secondaryButton} onClick={() => void copy('code')} data-referral-copy>
          <span aria-live="polite">{copied === 'code' ? `✓ ${t('referral.copied')}` : t('referral.copy')}</span>
        </button>
        <button type="button" className={secondaryButton} onClick={() => void copy('link')} data-referral-link-copy>
          <span aria-live="polite">{copied === 'link' ? `✓ ${t('referral.copied')}` : t('referral.copyLink')}</span>
        </button>
      </div>
      <p className="mt-2 text-sm text-neutral-700" data-referral-hint>
        {t('referral.hint')}
      </p>
    </section>
  );
}
