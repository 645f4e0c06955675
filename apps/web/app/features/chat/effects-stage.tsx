import { ChatEvent, ChatPush, type OutsideMsgPush } from '@byeol/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStarGiftCode } from '../wallet/gift-rules';
import { StarGiftCard } from '../wallet/star-gift-view';
import { giftLabel, isGiftCode, RoleBadge } from './chat-lines';
import { roleOf } from './chat-model';
import { useChatRoom } from './use-chat-room';

/** How long an effect card stays (it slides in, then fades during its last second). */
export const EFFECT_CARD_MS = 6000;
/** Overlay chat lines shown at once on /effects/full. */
const OVERLAY_LINES = 12;

/** The room events an OBS overlay animates: enters (11), star gifts (20–23), items (60, 61), supporters (220). */
export function isEffectCode(code: number): boolean {
  return code === ChatEvent.ENTER_EFFECT || isGiftCode(code);
}

interface Card {
  id: number;
  push: OutsideMsgPush;
}

const STYLE = `
@keyframes byeol-effect-card {
  0% { transform: translateX(-110%); opacity: 0; }
  8% { transform: translateX(0); opacity: 1; }
  83% { transform: translateX(0); opacity: 1; }
  100% { transform: translateX(0); opacity: 0; }
}
@keyframes byeol-overlay-line {
  from { transform: translateY(8px); opacity: 0; }
  to { transform: translateY(0); opacity: 1; }
}
[data-effect-card] { animation: byeol-effect-card ${EFFECT_CARD_MS}ms ease-out forwards; }
[data-overlay-line] { animation: byeol-overlay-line 300ms ease-out; }
@media (prefers-reduced-motion: reduce) { [data-effect-card], [data-overlay-line] { animation: none; } }
`;

let cardSeq = 0;

/**
 * The stage of the effects pages (/play/{vod_key}/effects and /effects/full) for an OBS browser source:
 * transparent, no chrome. It joins the room (read-only as a guest) and shows enters and gift/item/supporter
 * events as cards that slide in and fade; `full` also shows the chat as an overlay.
 */
export function EffectsStage({ vodKey, full, live }: { vodKey: string; full: boolean; live: boolean }) {
  const { t } = useTranslation('chat');
  const { room, snap } = useChatRoom(vodKey, { enabled: live, userKey: 0 });
  const [cards, setCards] = useState<Card[]>([]);

  useEffect(() => {
    if (!room) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = room.client.on('frames', (frames) => {
      const fresh: Card[] = [];
      for (const frame of frames) {
        if (frame.service !== ChatPush.OUTSIDE_MSG) continue;
        const push = frame.param as unknown as OutsideMsgPush;
        if (typeof push.code === 'number' && isEffectCode(push.code)) fresh.push({ id: ++cardSeq, push });
      }
      if (fresh.length === 0) return;
      setCards((current) => [...current, ...fresh].slice(-8));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setCards((current) => current.filter((c) => !fresh.includes(c)));
      }, EFFECT_CARD_MS);
      timers.add(timer);
    });
    return () => {
      off();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [room]);

  const { model } = snap;
  const overlay = useMemo(
    () =>
      full
        ? model.lines
            .filter((line) => line.kind === 'message' && line.whisper === null && !model.room?.hide_users.includes(line.user.user_key))
            .slice(-OVERLAY_LINES)
        : [],
    [full, model],
  );

  return (
    <div
      id="effects-stage"
      className="pointer-events-none fixed inset-0 overflow-hidden bg-transparent font-sans text-white"
      data-effects-stage={full ? 'full' : 'effects'}
      data-chat-status={snap.connection.status}
      role="region"
      aria-label={t('effects.label')}
    >
      <style>{STYLE}</style>
      <ul className="absolute top-6 left-6 flex w-[min(28rem,90vw)] flex-col gap-3">
        {cards.map(({ id, push }) => {
          if (isStarGiftCode(push.code)) {
            return (
              <li key={id} data-effect-card data-code={push.code}>
                <StarGiftCard push={push} />
              </li>
            );
          }
          const enter = push.code === ChatEvent.ENTER_EFFECT;
          const who = push.target ?? push.by;
          const text = enter ? t('effects.enter', { nick: who?.nick ?? '' }) : [who?.nick, push.m].filter(Boolean).join(' ');
          return (
            <li
              key={id}
              data-effect-card
              data-code={push.code}
              className={`rounded-xl px-4 py-3 text-lg font-bold shadow-lg [text-shadow:0_1px_3px_rgb(0_0_0/0.8)] ${
                enter ? 'bg-violet-600/80' : 'bg-pink-600/85'
              }`}
            >
              {!enter && <span className="mr-2 text-sm font-semibold opacity-90">{giftLabel(t, push.code)}</span>}
              {text}
            </li>
          );
        })}
      </ul>
      {full && (
        <ol className="absolute bottom-6 left-6 flex w-[min(32rem,90vw)] flex-col gap-1" data-overlay-chat>
          {overlay.map((line) =>
            line.kind === 'message' ? (
              <li
                key={line.id}
                data-overlay-line
                className="w-fit max-w-full rounded-lg bg-black/45 px-3 py-1 text-base [text-shadow:0_1px_2px_rgb(0_0_0/0.9)]"
              >
                <RoleBadge role={roleOf(model, line.user)} />
                <span className="font-bold text-sky-200">{line.user.nick}</span>
                <span className="ml-2 break-words">{line.text}</span>
              </li>
            ) : null,
          )}
        </ol>
      )}
    </div>
  );
}
