import { ChatEvent, type OutsideMsgPush, STAR_GIFT_TIER_MIN, starGiftCode, starGiftTier } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { EFFECT_TIER_MS, type Effect, EffectQueue, effectOf, effectTier, ITEM_CNT_TIER_MIN, type QueuedEffect } from './effect-queue';

const by = (nick: string) =>
  ({ user_key: 1, id: nick, nick, is_bj: 0, is_manager: 0, is_operator: 0, is_guest: 0 }) as OutsideMsgPush['by'];

function starPush(star: number, nick = 'fan', m?: string): OutsideMsgPush {
  return {
    code: starGiftCode(star),
    ts: 0,
    by: by(nick),
    ...(m ? { m } : {}),
    data: { star_cnt: star, txn_id: 1, first_gift: false, fan_no: null },
  };
}

const star = (n: number, nick = 'fan') => effectOf(starPush(n, nick)) as Effect;

describe('tiers', () => {
  it('star gifts: small 1–99, medium 100–999, large 1,000–9,999, huge 10,000+, the chat code is 20 + tier', () => {
    expect(STAR_GIFT_TIER_MIN).toEqual([1, 100, 1_000, 10_000]);
    const amounts = [1, 99, 100, 999, 1_000, 9_999, 10_000, 1_000_000];
    expect(amounts.map(starGiftTier)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(amounts.map(starGiftCode)).toEqual([20, 20, 21, 21, 22, 22, 23, 23]);
    expect(amounts.map((n) => effectTier(star(n)))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('bigger tiers stay longer; items by count', () => {
    for (let i = 1; i < EFFECT_TIER_MS.length; i++) expect(EFFECT_TIER_MS[i]).toBeGreaterThan(EFFECT_TIER_MS[i - 1] as number);
    const item = (cnt: number) =>
      effectOf({
        code: ChatEvent.ITEM_GIFT,
        ts: 0,
        by: by('a'),
        data: { names: { ko: '하트' }, cnt, item_sn: 1, image_url: '' },
      }) as Effect;
    expect(ITEM_CNT_TIER_MIN.map((n) => effectTier(item(n)))).toEqual([0, 1, 2, 3]);
    expect(effectTier(item(4))).toBe(0);
  });
});

describe('effectOf', () => {
  it('reads a star gift: the giver, the amount, the message as plain text', () => {
    expect(effectOf(starPush(100, '별님', '<b>최고</b>'))).toEqual({
      kind: 'star',
      code: 21,
      nick: '별님',
      message: '<b>최고</b>',
      star: 100,
      firstGift: false,
      fanNo: null,
    });
  });

  it('reads an item use and an item gift with the item names and the receiver', () => {
    const use = effectOf({
      code: ChatEvent.ITEM_USE,
      ts: 0,
      by: by('관객'),
      data: { item_sn: 3, user_item_sn: 9, names: { ko: '응원봉', en: 'Light stick' }, image_url: '/items/a.svg', cnt: 1 },
    });
    expect(use).toMatchObject({ kind: 'item', code: 60, nick: '관객', names: { ko: '응원봉', en: 'Light stick' }, cnt: 1, receiver: '' });
    const gift = effectOf({
      code: ChatEvent.ITEM_GIFT,
      ts: 0,
      by: by('팬'),
      m: '사랑해요',
      data: { item_sn: 3, names: { ko: '하트' }, image_url: '', cnt: 2, receiver: { user_key: 5, nick: '방장' } },
    });
    expect(gift).toMatchObject({ kind: 'item', code: 61, message: '사랑해요', cnt: 2, receiver: '방장' });
  });

  it('ignores what is no effect or malformed', () => {
    expect(effectOf({ code: ChatEvent.GREETINGS, ts: 0, m: 'hi' })).toBeNull();
    expect(effectOf({ code: 21, ts: 0, data: { star_cnt: 0 } })).toBeNull();
    expect(effectOf({ code: 21, ts: 0, data: { star_cnt: 'x' } })).toBeNull();
    expect(effectOf({ code: ChatEvent.ITEM_USE, ts: 0, data: { names: 'x', cnt: -1 } })).toMatchObject({ names: { ko: '' }, cnt: 1 });
  });
});

describe('EffectQueue', () => {
  it('shows up to maxShown at once; the rest wait and take the place of a card whose time is up', () => {
    const q = new EffectQueue({ maxShown: 2, maxWaiting: 6 });
    q.push(star(1, 'a'), 0);
    q.push(star(1, 'b'), 100);
    q.push(star(1, 'c'), 200);
    expect(q.shown.map((c) => (c.effect as { nick: string }).nick)).toEqual(['a', 'b']);
    expect(q.waiting).toHaveLength(1);
    expect(q.nextDeadline()).toBe(EFFECT_TIER_MS[0]);
    expect(q.tick(EFFECT_TIER_MS[0] - 1)).toBe(false);
    expect(q.tick(EFFECT_TIER_MS[0])).toBe(true);
    expect(q.shown.map((c) => (c.effect as { nick: string }).nick)).toEqual(['b', 'c']);
    expect(q.shown[1]?.until).toBe(EFFECT_TIER_MS[0] * 2);
    expect(q.waiting).toHaveLength(0);
  });

  it('a huge gift stays on screen longer than a small one', () => {
    const q = new EffectQueue({ maxShown: 3, maxWaiting: 6 });
    q.push(star(10), 0);
    q.push(star(50_000), 0);
    q.tick(EFFECT_TIER_MS[0]);
    expect(q.shown.map((c) => c.tier)).toEqual([3]);
    q.tick(EFFECT_TIER_MS[3]);
    expect(q.shown).toHaveLength(0);
    expect(q.nextDeadline()).toBeNull();
  });

  it('a burst stays bounded: beyond maxWaiting the smallest fold into one burst card at the end, huge gifts keep their card', () => {
    const q = new EffectQueue({ maxShown: 2, maxWaiting: 3 });
    for (let i = 0; i < 200; i++) q.push(star(10, `fan${i}`), i);
    q.push(star(20_000, 'whale'), 300);
    expect(q.shown).toHaveLength(2);
    // 3 waiting cards and one burst: never more, however many came.
    expect(q.waiting).toHaveLength(4);
    const burst = q.waiting.at(-1)?.effect;
    expect(burst?.kind).toBe('burst');
    const kept = q.waiting.slice(0, -1).map((c) => c.effect);
    expect(kept.some((e) => e.kind === 'star' && e.nick === 'whale')).toBe(true);
    // Everything is accounted for: shown + waiting + folded = 201 gifts, 1,990 + 20,000 STAR.
    const counted = q.shown.length + kept.length + (burst?.kind === 'burst' ? burst.count : 0);
    expect(counted).toBe(201);
    const starOf = (e: Effect) => (e.kind === 'star' || e.kind === 'burst' ? e.star : 0);
    const total = [...q.shown.map((c) => c.effect), ...kept, burst as Effect].reduce((sum, e) => sum + starOf(e), 0);
    expect(total).toBe(200 * 10 + 20_000);
    // The burst names its first givers, and its own tier follows its STAR.
    expect(burst?.kind === 'burst' && burst.nicks).toHaveLength(3);
    expect(q.waiting.at(-1)?.tier).toBe(starGiftTier(burst?.kind === 'burst' ? burst.star : 0));
  });

  it('the line drains in order, the burst last; a new burst starts after it was shown', () => {
    const q = new EffectQueue({ maxShown: 1, maxWaiting: 2 });
    for (const nick of ['a', 'b', 'c', 'd', 'e']) q.push(star(1, nick), 0);
    const order: string[] = [];
    let now = 0;
    while (q.shown.length > 0) {
      const { effect } = q.shown[0] as QueuedEffect;
      order.push(effect.kind === 'burst' ? `burst:${effect.count}` : (effect as { nick: string }).nick);
      now = q.nextDeadline() as number;
      q.tick(now);
    }
    expect(order).toEqual(['a', 'b', 'c', 'burst:2']);
    q.push(star(1, 'f'), now);
    expect(q.shown[0]?.effect.kind).toBe('star');
  });

  it('more room (a wider player) shows waiting cards at once; clear empties everything', () => {
    const q = new EffectQueue({ maxShown: 1, maxWaiting: 6 });
    q.push(star(1, 'a'), 0);
    q.push(star(1, 'b'), 0);
    expect(q.resize(3, 10)).toBe(true);
    expect(q.shown).toHaveLength(2);
    expect(q.shown[1]?.until).toBe(10 + EFFECT_TIER_MS[0]);
    q.clear();
    expect([q.shown.length, q.waiting.length]).toEqual([0, 0]);
  });
});
