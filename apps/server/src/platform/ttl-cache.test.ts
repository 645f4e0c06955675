import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('loads once per key while fresh, again after the TTL or a delete, and never keeps a failure', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache<string, number>(1000, 2);
      let loads = 0;
      const load = async () => ++loads;
      expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
      vi.advanceTimersByTime(999);
      expect(await cache.get('a', load)).toBe(1);
      vi.advanceTimersByTime(1);
      expect(await cache.get('a', load)).toBe(2);
      cache.delete('a');
      expect(await cache.get('a', load)).toBe(3);
      await expect(cache.get('b', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      expect(await cache.get('b', load)).toBe(4);
      // Over `max`, the oldest key goes.
      await cache.get('c', load);
      expect(await cache.get('a', load)).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });
});
