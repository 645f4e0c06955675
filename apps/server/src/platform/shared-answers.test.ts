import { describe, expect, it, vi } from 'vitest';
import { SharedAnswers } from './shared-answers.js';

describe('SharedAnswers', () => {
  it('loads a key once while its tables stand still, and again once one of them is written', async () => {
    const answers = new SharedAnswers(60_000);
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    const replays = () => answers.get('replays', ['broadcast', 'users'], load);
    // Callers arriving while it loads share the load.
    expect(await Promise.all([replays(), replays()])).toEqual(['answer 1', 'answer 1']);
    // A table it does not read changes nothing.
    answers.changed(new Set(['wallet_txn', 'magazine']));
    expect(await replays()).toBe('answer 1');
    // A write to one of its tables makes the next caller load again (this process reads its own writes).
    answers.changed(new Set(['users']));
    expect(await replays()).toBe('answer 2');
    expect(await replays()).toBe('answer 2');
    // A write that cannot be told (null) makes every answer stale.
    answers.changed(null);
    expect(await replays()).toBe('answer 3');
  });

  it('does not keep an answer whose load began before a write to its tables', async () => {
    const answers = new SharedAnswers(60_000);
    let release: (v: string) => void = () => {};
    const slow = answers.get('k', ['broadcast'], () => new Promise<string>((r) => (release = r)));
    // The write lands while the read is under way: the read may or may not have seen it.
    answers.changed(new Set(['broadcast']));
    release('read before the write');
    expect(await slow).toBe('read before the write');
    expect(await answers.get('k', ['broadcast'], async () => 'read after the write')).toBe('read after the write');
  });

  it('keeps an answer for the lifetime at most, never keeps a failure, and loads every time with a lifetime of 0', async () => {
    vi.useFakeTimers();
    try {
      const answers = new SharedAnswers(1000, 2);
      let loads = 0;
      const load = async () => String(++loads);
      expect(await answers.get('a', ['t'], load)).toBe('1');
      vi.advanceTimersByTime(999);
      expect(await answers.get('a', ['t'], load)).toBe('1');
      vi.advanceTimersByTime(1);
      expect(await answers.get('a', ['t'], load)).toBe('2');
      await expect(answers.get('b', ['t'], async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      expect(await answers.get('b', ['t'], load)).toBe('3');
      // Over `max`, the oldest key goes.
      await answers.get('c', ['t'], load);
      expect(await answers.get('a', ['t'], load)).toBe('5');

      const off = new SharedAnswers(0);
      expect([await off.get('a', ['t'], load), await off.get('a', ['t'], load)]).toEqual(['6', '7']);
    } finally {
      vi.useRealTimers();
    }
  });
});
