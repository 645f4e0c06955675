import { describe, expect, it } from 'vitest';
import { type AccountRow, type FoundSession, SessionCache } from './users.session-cache.js';

const DAY = 24 * 3600 * 1000;

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function session(userKey: number, expiresAt: number, nick = `n${userKey}`): FoundSession {
  const account = { userKey, nick, settings: { adult_broadcast: false, viewer_count: true, translation: false } } as unknown as AccountRow;
  return { account, expiresAt: new Date(expiresAt) };
}

describe('SessionCache', () => {
  it('answers a session for its lifetime, then asks again', () => {
    const c = clock();
    const cache = new SessionCache(5_000, 100, c.now);
    const found = session(1, c.now() + 30 * DAY);
    cache.set('a', found, cache.mark());
    expect(cache.get('a')).toBe(found);
    c.advance(4_999);
    expect(cache.get('a')).toBe(found);
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never answers a session past its own expiry, however fresh the entry', () => {
    const c = clock();
    const cache = new SessionCache(5_000, 100, c.now);
    cache.set('a', session(1, c.now() + 1_000), cache.mark());
    c.advance(999);
    expect(cache.get('a')).toBeDefined();
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every session of a changed account, and only those', () => {
    const c = clock();
    const cache = new SessionCache(5_000, 100, c.now);
    const until = c.now() + DAY;
    cache.set('phone', session(1, until), cache.mark());
    cache.set('laptop', session(1, until), cache.mark());
    cache.set('other', session(2, until), cache.mark());
    cache.forget([1]);
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.account.userKey).toBe(2);
    cache.clear();
    expect(cache.get('other')).toBeUndefined();
  });

  it('does not keep a read that was under way when an account changed', () => {
    const c = clock();
    const cache = new SessionCache(5_000, 100, c.now);
    const mark = cache.mark(); // the lookup leaves for the database…
    cache.forget([7]); // …a change commits and is announced meanwhile…
    cache.set('a', session(1, c.now() + DAY), mark); // …so what it read may be the old row
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', session(1, c.now() + DAY), cache.mark());
    expect(cache.get('a')).toBeDefined();
  });

  it('holds at most `max` sessions, dropping the oldest', () => {
    const c = clock();
    const cache = new SessionCache(5_000, 2, c.now);
    const until = c.now() + DAY;
    cache.set('first', session(1, until), cache.mark());
    cache.set('second', session(2, until), cache.mark());
    cache.set('third', session(1, until), cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get('first')).toBeUndefined();
    // The dropped entry left the account's index too: forgetting account 1 drops only 'third'.
    cache.forget([1]);
    expect(cache.get('third')).toBeUndefined();
    expect(cache.get('second')).toBeDefined();
  });

  it('freezes the shared account row so no request can change what the next one reads', () => {
    const cache = new SessionCache();
    const found = session(1, Date.now() + DAY);
    cache.set('a', found, cache.mark());
    expect(() => {
      (found.account as { nick: string }).nick = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      found.account.settings.adult_broadcast = true;
    }).toThrow(TypeError);
  });
});
