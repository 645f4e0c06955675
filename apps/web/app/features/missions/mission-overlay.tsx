import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import type { ChatRoom } from '../chat';
import { listMissions } from './mission-api';
import { isOpenMission } from './mission-rules';
import { MissionBoardStore, type MissionSettlement } from './mission-store';
import { amountText, contributorsLine, type MissionWords, resultText } from './mission-text';
import { MissionTimer, TypeBadge } from './mission-view';

/** Open missions the overlay shows at once, how long a settlement card stays, and the contributors it lists. */
export const OVERLAY_MISSIONS = 3;
export const SETTLE_CARD_MS = 15_000;
export const SETTLE_CARD_NAMES = 10;

const box = 'rounded-xl bg-black/55 px-4 py-3 [text-shadow:0_1px_2px_rgb(0_0_0/0.9)]';

/**
 * The missions of the OBS effects page (issue 23): a compact board of the room's open missions (totals,
 * timers, a battle's sides) at the top right, and, when one settles, a card with its result and its top
 * contributors for a while. Follows the room's mission events (the board is loaded once; events carry the
 * whole mission). Transparent, no clicks, like the rest of the stage.
 */
export function MissionOverlay({ vodKey, room }: { vodKey: string; room: ChatRoom | null }) {
  const { t } = useTranslation('missions');
  const lang = useLang();
  const star = useStarName();
  const words: MissionWords = { t, lang, star };
  const [store] = useState(() => new MissionBoardStore(() => listMissions(vodKey, ''), { reloadOnEvents: false }));
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const open = snap.list.filter(isOpenMission).slice(0, OVERLAY_MISSIONS);
  const settlement = useFreshSettlement(snap.settlement);
  const [now, setNow] = useState(() => Date.now());
  const running = open.some((m) => m.state === 'running');

  useEffect(() => {
    void store.refresh();
  }, [store]);
  useEffect(() => (room ? store.attach(room) : undefined), [room, store]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  if (open.length === 0 && !settlement) return null;
  return (
    <div
      className="absolute top-6 right-6 flex w-[min(24rem,44vw)] flex-col gap-3 text-white"
      aria-label={t('overlay.label')}
      role="region"
      data-mission-overlay
    >
      {open.map((m) => (
        <div key={m.mission_sn} className={box} data-mission-overlay-card={m.mission_sn} data-mission-state={m.state}>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <TypeBadge type={m.mission_type} />
            <span className="font-semibold">{t(`state.${m.state}`)}</span>
            {m.state === 'running' && <MissionTimer endsAt={m.ends_at} now={now} className="font-semibold text-emerald-300" />}
          </p>
          <p className="mt-1 text-lg font-bold break-words">{m.title}</p>
          <p className="text-base font-semibold text-amber-200" data-mission-total={m.total_star}>
            {amountText(words, m.total_star)}
          </p>
          {m.sides.length > 0 && (
            <ul className="mt-1 space-y-0.5 text-sm">
              {m.sides.map((s) => (
                <li key={s.side_no} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">{s.label}</span>
                  <span className="shrink-0 tabular-nums">{formatNumber(s.total_star, lang)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {settlement && <SettlementCard settlement={settlement} words={words} />}
    </div>
  );
}

/** The last settlement while it is fresh (SETTLE_CARD_MS), then null. */
function useFreshSettlement(settlement: MissionSettlement | null): MissionSettlement | null {
  const [shown, setShown] = useState<MissionSettlement | null>(null);
  useEffect(() => {
    if (!settlement) return;
    const left = settlement.at + SETTLE_CARD_MS - Date.now();
    if (left <= 0) return;
    setShown(settlement);
    const timer = setTimeout(() => setShown((s) => (s === settlement ? null : s)), left);
    return () => clearTimeout(timer);
  }, [settlement]);
  return shown;
}

function SettlementCard({ settlement, words }: { settlement: MissionSettlement; words: MissionWords }) {
  const m = settlement.data.mission;
  const names = contributorsLine(words, settlement.data.contributors ?? [], SETTLE_CARD_NAMES);
  const paid = m.state === 'success' || (m.state === 'settled' && (m.winner_side ?? 0) > 0);
  return (
    <div
      className={`${box} border-2 ${paid ? 'border-amber-300' : 'border-neutral-400'}`}
      data-mission-settle-card={m.mission_sn}
      data-code={settlement.code}
    >
      <p className="flex flex-wrap items-center gap-2">
        <TypeBadge type={m.mission_type} />
        <span className="text-lg font-bold break-words">{m.title}</span>
      </p>
      <p className={`mt-1 text-xl font-extrabold ${paid ? 'text-amber-200' : 'text-neutral-200'}`} data-mission-result>
        {resultText(words, m)}
      </p>
      {paid && names && (
        <p className="mt-1 text-sm break-words" data-mission-contributors>
          {names}
        </p>
      )}
    </div>
  );
}
