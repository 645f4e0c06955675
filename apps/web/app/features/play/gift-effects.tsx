import { ChatEvent } from '@byeol/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/react';
import { isStarGiftCode } from '../../lib/star-gift';
import { type ChatRoom, EffectCardList, useEffectQueue } from '../chat';

/**
 * Gifts you can see (issue 15): star gifts (20–23), donations (50, issue 24) and item uses and gifts (60, 61) animate over the video of
 * the live play page for every viewer, with the cards of the OBS overlay (features/chat/effect-cards.tsx). A
 * viewer turns them off with one button under the player, remembered in this browser (localStorage).
 */

/** The codes the play page animates: star gifts and donations (50), items (enters and supporters stay in the chat; the OBS overlay shows them too). */
export function isViewerEffectCode(code: number): boolean {
  return isStarGiftCode(code) || code === ChatEvent.ITEM_USE || code === ChatEvent.ITEM_GIFT;
}

/** Cards over the video at once: 2 on a phone's player, 3 on a wider one; 6 wait before a burst folds together. */
export const PLAYER_CARDS_NARROW = 2;
export const PLAYER_CARDS_WIDE = 3;
export const PLAYER_WAITING = 6;
const WIDE_QUERY = '(min-width: 640px)';

/** localStorage key of the switch: 'off' hides the cards; anything else (or nothing) shows them. */
export const GIFT_EFFECTS_KEY = 'byeol:gift-effects';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the site switched them.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readOn(): boolean {
  try {
    return window.localStorage.getItem(GIFT_EFFECTS_KEY) !== 'off';
  } catch {
    // Storage blocked (private mode, policies): the cards show.
    return true;
  }
}

/** Whether this browser shows gift cards over the video, and the switch (on during the server render). */
export function useGiftEffectsOn(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, readOn, () => true);
  const set = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(GIFT_EFFECTS_KEY, next ? 'on' : 'off');
    } catch {
      // Not remembered; this page still follows the switch below.
    }
    for (const listener of listeners) listener();
  }, []);
  return [on, set];
}

function subscribeWide(listener: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * The cards over the video (inside the player's frame): under the LIVE badge and above the video's own
 * controls, never taking a click (pointer-events none). Hidden from screen readers: the chat lists the
 * same gifts as lines.
 */
export function GiftEffectsLayer({ room, on }: { room: ChatRoom | null; on: boolean }) {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => false,
  );
  const { shown, waiting } = useEffectQueue(room, {
    accept: isViewerEffectCode,
    maxShown: wide ? PLAYER_CARDS_WIDE : PLAYER_CARDS_NARROW,
    maxWaiting: PLAYER_WAITING,
    enabled: on,
  });
  if (!on) return null;
  return (
    <div
      className="@container pointer-events-none absolute inset-x-2 top-10 bottom-14 overflow-hidden sm:inset-x-3 sm:top-12"
      aria-hidden="true"
      data-gift-effects
      data-effects-waiting={waiting}
    >
      <EffectCardList cards={shown} variant="player" className="flex flex-col items-start gap-1.5 @xl:gap-2" />
    </div>
  );
}

/** The switch under the player: pressed while the cards show. */
export function GiftEffectsToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('play');
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => onChange(!on)}
      className={`ms-auto inline-flex min-h-11 min-w-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-violet-400 ${
        on ? 'bg-pink-600 text-white hover:bg-pink-500' : 'bg-neutral-800 text-neutral-300 hover:bg-neutral-700'
      }`}
      data-gift-effects-toggle={on ? 'on' : 'off'}
    >
      <span aria-hidden="true">{on ? '🎁' : '🚫'}</span>
      {t('player.giftEffects')}
    </button>
  );
}
