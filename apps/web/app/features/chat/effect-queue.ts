import {
  ChatEvent,
  type ItemChatEventData,
  type LocalizedText,
  type OutsideMsgPush,
  STAR_GIFT_TIER_MIN,
  type StarGiftTier,
  starGiftTier,
} from '@byeol/contract';
import { isStarGiftCode, starGiftOf } from '../../lib/star-gift';

/**
 * The effect cards of a room (framework-free, unit-tested), shared by the OBS overlay (effects-stage.tsx) and
 * the cards over the video of the play page (features/play/gift-effects.tsx): which events become cards, how
 * big (the tier) and how long each stays, and the queue that keeps a burst readable.
 */

export type EffectTier = StarGiftTier;

/** How long a card of each tier stays on screen (it slides in, then fades during its last part). */
export const EFFECT_TIER_MS = [5_000, 6_000, 8_000, 10_000] as const;

/**
 * Item uses and item gifts (60, 61) by count: the least count of each tier (a single item is small, 5 medium,
 * 20 large, 100 huge). The event does not carry the item's price, so its count stands for its size.
 */
export const ITEM_CNT_TIER_MIN = [1, 5, 20, 100] as const;

/** Star gift thresholds (the contract's, defined once), re-exported for the views and the docs. */
export { STAR_GIFT_TIER_MIN };

/** What a card shows. Texts from users (nicks, messages, item names) are plain text: never HTML. */
export type Effect =
  | { kind: 'star'; code: number; nick: string; message: string; star: number; firstGift: boolean; fanNo: number | null }
  | {
      kind: 'item';
      code: number;
      nick: string;
      message: string;
      /** The item's name in every language ({ ko: '' } when the event names none). */
      names: LocalizedText;
      imageUrl: string;
      cnt: number;
      /** Item gifts (61): who received it. */
      receiver: string;
    }
  | { kind: 'enter'; code: number; nick: string }
  | { kind: 'supporter'; code: number; nick: string; message: string }
  /** Effects folded together when more waited than the queue holds. */
  | { kind: 'burst'; count: number; star: number; items: number; nicks: string[] };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function names(v: unknown): LocalizedText {
  if (typeof v !== 'object' || v === null) return { ko: '' };
  const out: Record<string, string> = {};
  for (const [lang, name] of Object.entries(v)) if (typeof name === 'string') out[lang] = name;
  return { ...out, ko: out.ko ?? '' } as LocalizedText;
}

/** The card of an OUTSIDE_MSG push, or null when the push is no effect (or a malformed one). */
export function effectOf(push: OutsideMsgPush): Effect | null {
  if (typeof push?.code !== 'number') return null;
  const { code } = push;
  const nick = text(push.by?.nick);
  const message = text(push.m);
  if (isStarGiftCode(code)) {
    const gift = starGiftOf(push);
    if (!gift) return null;
    return { kind: 'star', code, nick, message, star: gift.star_cnt, firstGift: gift.first_gift, fanNo: gift.fan_no };
  }
  if (code === ChatEvent.ITEM_USE || code === ChatEvent.ITEM_GIFT) {
    const data = (push.data ?? {}) as Partial<ItemChatEventData>;
    const cnt = Number(data.cnt);
    return {
      kind: 'item',
      code,
      nick,
      message,
      names: names(data.names),
      imageUrl: text(data.image_url),
      cnt: Number.isSafeInteger(cnt) && cnt > 0 ? cnt : 1,
      receiver: text(data.receiver?.nick) || text(push.target?.nick),
    };
  }
  if (code === ChatEvent.ENTER_EFFECT) return { kind: 'enter', code, nick: text((push.target ?? push.by)?.nick) };
  if (code === ChatEvent.SUPPORTER_JOIN) return { kind: 'supporter', code, nick: nick || text(push.data?.nick), message };
  return null;
}

function tierBy(value: number, mins: readonly number[]): EffectTier {
  let tier = 0;
  for (let i = 1; i < mins.length; i++) if (value >= (mins[i] as number)) tier = i;
  return tier as EffectTier;
}

/** How big a card is: star gifts by STAR (the contract's tiers), items by count, a burst by its STAR; enters and supporters medium. */
export function effectTier(effect: Effect): EffectTier {
  switch (effect.kind) {
    case 'star':
      return starGiftTier(effect.star);
    case 'item':
      return tierBy(effect.cnt, ITEM_CNT_TIER_MIN);
    case 'burst':
      return Math.max(1, starGiftTier(effect.star)) as EffectTier;
    default:
      return 1;
  }
}

/** The STAR and items a card stands for (a burst adds them up). */
function amounts(effect: Effect): { star: number; items: number } {
  if (effect.kind === 'star') return { star: effect.star, items: 0 };
  if (effect.kind === 'item') return { star: 0, items: effect.cnt };
  if (effect.kind === 'burst') return { star: effect.star, items: effect.items };
  return { star: 0, items: 0 };
}

/** How many nicks a burst names (the rest are counted). */
export const BURST_NICKS = 3;

function fold(into: Effect | null, effect: Effect): Effect & { kind: 'burst' } {
  const base = into?.kind === 'burst' ? into : { kind: 'burst' as const, count: 0, star: 0, items: 0, nicks: [] as string[] };
  const add = amounts(effect);
  const nicks = [...base.nicks];
  const folded = effect.kind === 'burst' ? effect.nicks : 'nick' in effect && effect.nick ? [effect.nick] : [];
  for (const nick of folded) if (nicks.length < BURST_NICKS && !nicks.includes(nick)) nicks.push(nick);
  return {
    kind: 'burst',
    count: base.count + (effect.kind === 'burst' ? effect.count : 1),
    star: base.star + add.star,
    items: base.items + add.items,
    nicks,
  };
}

/** A card in the queue: shown until `until` (ms), or waiting (`until` 0). */
export interface QueuedEffect {
  id: number;
  effect: Effect;
  tier: EffectTier;
  /** How long it stays once shown. */
  ms: number;
  until: number;
}

export interface EffectQueueOptions {
  /** Cards on screen at once. */
  maxShown: number;
  /** Cards that wait for a place; beyond them, the least ones fold into one burst card at the end. */
  maxWaiting: number;
}

let seq = 0;

/**
 * The cards on screen and the ones waiting, first come first shown. A burst stays bounded: when more than
 * `maxWaiting` wait, the smallest waiting card (the newest of the lowest tier, the newcomer included) folds
 * into one burst card at the end of the line ("+N gifts, STAR total"), so a huge gift is never folded away
 * by many small ones. Each shown card leaves after its tier's time; the next waiting one takes its place.
 * Mutating; `shown` and `waiting` are new arrays after every change (React compares them by reference).
 */
export class EffectQueue {
  shown: readonly QueuedEffect[] = [];
  waiting: readonly QueuedEffect[] = [];
  private options: EffectQueueOptions;

  constructor(options: EffectQueueOptions) {
    this.options = { ...options };
  }

  /** Adds a card: shown at once when there is room and nobody waits, else in line. */
  push(effect: Effect, now: number): void {
    const tier = effectTier(effect);
    const entry: QueuedEffect = { id: ++seq, effect, tier, ms: EFFECT_TIER_MS[tier], until: 0 };
    if (this.waiting.length === 0 && this.shown.length < this.options.maxShown) {
      this.shown = [...this.shown, { ...entry, until: now + entry.ms }];
      return;
    }
    const line = [...this.waiting];
    const burst = line.at(-1)?.effect.kind === 'burst' ? (line.pop() as QueuedEffect) : null;
    line.push(entry);
    let folded = burst?.effect ?? null;
    if (line.length > this.options.maxWaiting) {
      // The least: lowest tier, then newest (who came first keeps a card of their own).
      let least = 0;
      for (let i = 1; i < line.length; i++) if ((line[i] as QueuedEffect).tier <= (line[least] as QueuedEffect).tier) least = i;
      const [out] = line.splice(least, 1);
      folded = fold(folded, (out as QueuedEffect).effect);
    }
    if (folded?.kind === 'burst') {
      const tierOf = effectTier(folded);
      line.push({ id: burst?.id ?? ++seq, effect: folded, tier: tierOf, ms: EFFECT_TIER_MS[tierOf], until: 0 });
    }
    this.waiting = line;
    this.fill(now);
  }

  /** Takes the cards whose time is up off the screen and shows waiting ones in their place; true when anything changed. */
  tick(now: number): boolean {
    const kept = this.shown.filter((c) => c.until > now);
    const changed = kept.length !== this.shown.length;
    this.shown = kept;
    return this.fill(now) || changed;
  }

  /** Fewer or more cards at once (a narrow or a wide player); extra shown cards stay until their time is up. */
  resize(maxShown: number, now: number): boolean {
    this.options.maxShown = maxShown;
    return this.fill(now);
  }

  /** When the next shown card leaves (ms), or null with nothing on screen. */
  nextDeadline(): number | null {
    if (this.shown.length === 0) return null;
    return Math.min(...this.shown.map((c) => c.until));
  }

  clear(): void {
    this.shown = [];
    this.waiting = [];
  }

  private fill(now: number): boolean {
    if (this.waiting.length === 0 || this.shown.length >= this.options.maxShown) return false;
    const room = this.options.maxShown - this.shown.length;
    const next = this.waiting.slice(0, room).map((c) => ({ ...c, until: now + c.ms }));
    this.waiting = this.waiting.slice(room);
    this.shown = [...this.shown, ...next];
    return true;
  }
}
