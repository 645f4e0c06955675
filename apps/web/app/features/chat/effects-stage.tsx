import { ChatEvent } from '@byeol/contract';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { MissionOverlay } from '../missions';
import { isGiftCode, RoleBadge } from './chat-lines';
import { roleOf } from './chat-model';
import { EffectCardList, useEffectQueue } from './effect-cards';
import { useChatRoom } from './use-chat-room';

/** Overlay chat lines shown at once on /effects/full. */
const OVERLAY_LINES = 12;
/** Cards at once on an OBS overlay, and how many wait before a burst folds together (effect-queue.ts). */
const STAGE_CARDS = 4;
const STAGE_WAITING = 12;

/** The room events an OBS overlay animates: enters (11), star gifts (20–23), items (60, 61), supporters (220). */
export function isEffectCode(code: number): boolean {
  return code === ChatEvent.ENTER_EFFECT || isGiftCode(code);
}

const OVERLAY_STYLE = `
@keyframes byeol-overlay-line {
  from { transform: translateY(8px); opacity: 0; }
  to { transform: translateY(0); opacity: 1; }
}
[data-overlay-line] { animation: byeol-overlay-line 300ms ease-out; }
@media (prefers-reduced-motion: reduce) { [data-overlay-line] { animation: none; } }
`;

/**
 * The stage of the effects pages (/play/{vod_key}/effects and /effects/full) for an OBS browser source:
 * transparent, no chrome. It joins the room (read-only as a guest) and shows enters and gift/item/supporter
 * events as the cards the play page shows over the video (effect-cards.tsx: tiers, queue), bigger;
 * `full` also shows the chat as an overlay.
 */
export function EffectsStage({ vodKey, full, live }: { vodKey: string; full: boolean; live: boolean }) {
  const { t } = useTranslation('chat');
  const { room, snap } = useChatRoom(vodKey, { enabled: live, userKey: 0 });
  const { shown: cards } = useEffectQueue(room, { accept: isEffectCode, maxShown: STAGE_CARDS, maxWaiting: STAGE_WAITING });

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
      <style>{OVERLAY_STYLE}</style>
      <EffectCardList cards={cards} variant="stage" className="absolute top-6 left-6 flex w-[min(28rem,90vw)] flex-col gap-3" />
      {/* Issue 23: the room's open missions and each settlement with its contributors, at the top right. */}
      {live && <MissionOverlay vodKey={vodKey} room={room} />}
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
