/**
 * A small in-process cache of answers that may be a few seconds old (a channel head read by thousands of
 * fans at once): one load per key at a time (callers arriving meanwhile share it), a failed load is not
 * kept, and the oldest entries go first once `max` is reached.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return value;
  }

  /** Forgets a key (this process changed what it answers). */
  delete(key: K): void {
    this.entries.delete(key);
  }
}
