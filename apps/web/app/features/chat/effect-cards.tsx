import { ChatPush, localized, type OutsideMsgPush } from '@byeol/contract';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { giftLabel } from './chat-lines';
import type { ChatRoom } from './chat-room';
import { type Effect, EffectQueue, type EffectTier, effectOf, type QueuedEffect } from './effect-queue';

/**
 * The effect cards of a room, shared by the OBS overlay (effects-stage.tsx, `variant="stage"`: big cards on a
 * transparent page) and the play page (features/play/gift-effects.tsx, `variant="player"`: cards over the
 * video, sized by the player's width). The queue and tiers: effect-queue.ts.
 */

/**
 * Joins the effect events of `room` whose code `accept` takes into a queue (at most `maxShown` on screen,
 * `maxWaiting` in line, the rest folded into a burst) and answers the cards on screen and how many wait.
 * Off (`enabled` false), the queue empties and events are not kept for later.
 */
export function useEffectQueue(
  room: ChatRoom | null,
  options: { accept: (code: number) => boolean; maxShown: number; maxWaiting: number; enabled?: boolean },
): { shown: readonly QueuedEffect[]; waiting: number } {
  const { maxShown, maxWaiting, enabled = true } = options;
  const [queue] = useState(() => new EffectQueue({ maxShown, maxWaiting }));
  const [state, setState] = useState<{ shown: readonly QueuedEffect[]; waiting: number }>({ shown: [], waiting: 0 });
  const accept = useRef(options.accept);
  accept.current = options.accept;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The cards on screen to React, and a timer for the next one to leave.
  const sync = useCallback(() => {
    clearTimeout(timer.current);
    setState({ shown: queue.shown, waiting: queue.waiting.length });
    const next = queue.nextDeadline();
    if (next === null) return;
    timer.current = setTimeout(
      () => {
        queue.tick(Date.now());
        sync();
      },
      Math.max(0, next - Date.now()),
    );
  }, [queue]);

  useEffect(() => {
    if (!room || !enabled) return;
    return room.client.on('frames', (frames) => {
      let added = false;
      for (const frame of frames) {
        if (frame.service !== ChatPush.OUTSIDE_MSG) continue;
        const push = frame.param as unknown as OutsideMsgPush;
        if (typeof push?.code !== 'number' || !accept.current(push.code)) continue;
        const effect = effectOf(push);
        if (!effect) continue;
        queue.push(effect, Date.now());
        added = true;
      }
      if (added) sync();
    });
  }, [room, enabled, queue, sync]);

  useEffect(() => {
    if (enabled) return;
    queue.clear();
    sync();
  }, [enabled, queue, sync]);

  useEffect(() => {
    if (queue.resize(maxShown, Date.now())) sync();
  }, [maxShown, queue, sync]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return state;
}

/** Slides in from the side and fades out during the last part; with reduced motion only a fade (no movement). */
const STYLE = `
@keyframes byeol-effect-card {
  0% { transform: translateX(-110%); opacity: 0; }
  8% { transform: translateX(0); opacity: 1; }
  85% { transform: translateX(0); opacity: 1; }
  100% { transform: translateX(0); opacity: 0; }
}
@keyframes byeol-effect-fade {
  0% { opacity: 0; }
  5% { opacity: 1; }
  90% { opacity: 1; }
  100% { opacity: 0; }
}
@keyframes byeol-effect-glow {
  from { box-shadow: 0 0 0.4rem 0.1rem rgb(251 191 36 / 0.5); }
  to { box-shadow: 0 0 1.2rem 0.35rem rgb(236 72 153 / 0.75); }
}
[data-effect-card] { animation: byeol-effect-card var(--effect-ms, 6000ms) ease-out forwards; }
[data-effect-card][data-gift-tier="3"] > div { animation: byeol-effect-glow 900ms ease-in-out infinite alternate; }
@media (prefers-reduced-motion: reduce) {
  [data-effect-card] { animation: byeol-effect-fade var(--effect-ms, 6000ms) linear forwards; }
  [data-effect-card][data-gift-tier="3"] > div { animation: none; }
}
`;

export type EffectVariant = 'stage' | 'player';

/** Colour and size by tier: small pink, medium fuchsia, large amber, huge a gradient (bigger each step). */
const TONE: Record<EffectTier, string> = {
  0: 'bg-pink-600/85',
  1: 'bg-fuchsia-600/85',
  2: 'bg-amber-500/90',
  3: 'bg-gradient-to-r from-amber-400 via-pink-500 to-violet-600',
};
const SIZE: Record<EffectVariant, Record<EffectTier, string>> = {
  stage: { 0: 'text-lg', 1: 'text-xl', 2: 'text-2xl', 3: 'text-3xl' },
  // Container units of the layer over the video (@container): a phone's player gets small cards.
  player: {
    0: 'px-2.5 py-1 text-xs @xl:text-sm',
    1: 'px-3 py-1.5 text-sm @xl:text-base',
    2: 'px-3 py-1.5 text-sm @xl:px-4 @xl:py-2 @xl:text-lg',
    3: 'px-3 py-1.5 text-base @xl:px-5 @xl:py-2.5 @xl:text-2xl',
  },
};
/** How wide a card over the video may grow, of the player's width (bigger tiers wider). */
const PLAYER_WIDTH: Record<EffectTier, string> = {
  0: 'max-w-[70%] @xl:max-w-sm',
  1: 'max-w-[75%] @xl:max-w-md',
  2: 'max-w-[80%] @xl:max-w-lg',
  3: 'max-w-[85%] @xl:max-w-xl',
};

/** The tone of a card: enters violet, supporters sky, the rest by tier. */
function toneOf(card: QueuedEffect): string {
  if (card.effect.kind === 'enter') return 'bg-violet-600/80';
  if (card.effect.kind === 'supporter') return 'bg-sky-600/85';
  return TONE[card.tier];
}

/** The words of a card (plain text, never HTML): who, what they did, and an optional second line. */
function useCardText(): (effect: Effect) => { who: string; what: string; note: string } {
  const { t } = useTranslation(['chat', 'wallet']);
  const lang = useLang();
  const star = useStarName();
  const stars = (n: number) => t('wallet:effects.gift', { star, n: formatNumber(n, lang) });
  return (effect) => {
    switch (effect.kind) {
      case 'star':
        return { who: effect.nick, what: stars(effect.star), note: effect.message };
      case 'item': {
        const item = localized(effect.names, lang);
        const what = !item
          ? (giftLabel(t, effect.code) ?? '')
          : effect.receiver
            ? t('chat:effects.itemGift', { item, receiver: effect.receiver })
            : t('chat:effects.itemUse', { item });
        const count = effect.cnt > 1 ? ` ×${formatNumber(effect.cnt, lang)}` : '';
        return { who: effect.nick, what: `${what}${count}`, note: effect.message };
      }
      case 'enter':
        return { who: '', what: t('chat:effects.enter', { nick: effect.nick }), note: '' };
      case 'supporter':
        return { who: effect.nick, what: giftLabel(t, effect.code) ?? '', note: effect.message };
      case 'burst': {
        const parts = [t('chat:effects.burst', { n: formatNumber(effect.count, lang) })];
        if (effect.star > 0) parts.push(stars(effect.star));
        if (effect.items > 0) parts.push(t('chat:effects.burstItems', { n: formatNumber(effect.items, lang) }));
        return { who: '', what: parts.join(' · '), note: effect.nicks.join(', ') };
      }
    }
  };
}

/** A same-site image of the item (catalogue images are served by the platform). */
const safeImage = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? url : '');

/**
 * The cards on screen, newest last. Each slides in (`--effect-ms` long, by tier) and fades; the list carries
 * its own keyframes. `data-effect-card`, `data-code` (absent on a burst) and `data-gift-tier` are what the
 * tests and an OBS scene's custom CSS can address.
 */
export function EffectCardList({
  cards,
  variant,
  className,
}: {
  cards: readonly QueuedEffect[];
  variant: EffectVariant;
  className: string;
}) {
  const textOf = useCardText();
  const player = variant === 'player';
  return (
    <>
      <style>{STYLE}</style>
      <ul className={className} data-effect-cards={variant}>
        {cards.map((card) => {
          const { effect, tier } = card;
          const { who, what, note } = textOf(effect);
          const image = effect.kind === 'item' ? safeImage(effect.imageUrl) : '';
          return (
            <li
              key={card.id}
              data-effect-card
              data-effect-kind={effect.kind}
              data-code={effect.kind === 'burst' ? undefined : effect.code}
              data-gift-tier={tier}
              data-star-cnt={effect.kind === 'star' ? effect.star : undefined}
              style={{ '--effect-ms': `${card.ms}ms` } as CSSProperties}
              className={player ? `flex min-w-0 ${PLAYER_WIDTH[tier]}` : undefined}
            >
              <div
                className={`flex min-w-0 items-center gap-2 rounded-xl font-bold text-white shadow-lg [text-shadow:0_1px_3px_rgb(0_0_0/0.8)] ${toneOf(card)} ${
                  player ? SIZE.player[tier] : `px-4 py-3 ${SIZE.stage[tier]}`
                }`}
              >
                {image ? <img src={image} alt="" className={player ? 'h-6 w-6 shrink-0 @xl:h-9 @xl:w-9' : 'h-10 w-10 shrink-0'} /> : null}
                <div className="min-w-0">
                  {/* On the player a long nick gives way first, so the amount stays readable. */}
                  <p className={player ? 'flex min-w-0 whitespace-pre' : 'break-words'}>
                    {effect.kind === 'star' || effect.kind === 'burst' ? (
                      <span aria-hidden="true" className={player ? 'shrink-0' : undefined}>
                        {'★'.repeat(tier + 1)}{' '}
                      </span>
                    ) : null}
                    {who ? (
                      <>
                        <span className={player ? 'min-w-[3em] truncate' : undefined} data-effect-who>
                          {who}
                        </span>
                        {' · '}
                      </>
                    ) : null}
                    {/* A star amount never gives way; longer words (an item, a burst's sums) may. */}
                    <span className={player ? (effect.kind === 'star' ? 'shrink-0' : 'min-w-[40%] truncate') : undefined} data-effect-what>
                      {what}
                    </span>
                  </p>
                  {note ? (
                    <p
                      className={`font-semibold break-words ${player ? 'line-clamp-1 text-[0.9em] @xl:line-clamp-2' : 'mt-1 text-base'}`}
                      data-effect-note
                    >
                      {note}
                    </p>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
