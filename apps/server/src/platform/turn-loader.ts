/**
 * Answers many lookups with one load per turn of the event loop: what concurrent requests ask in the same
 * turn costs one query, whatever their number, and a key asked twice in a turn is loaded once. A lone
 * request waits for nothing but its own load. Used on the hot paths: session lookups, account ids of the
 * ledger, the gift standings of (BJ, viewer) pairs.
 */
export class TurnLoader<R, V> {
  private waiting = new Map<
    string,
    { request: R; waiters: Array<{ resolve: (v: V | undefined) => void; reject: (e: unknown) => void }> }
  >();
  private scheduled = false;

  /**
   * @param keyOf what identifies a request (equal keys share one answer)
   * @param load answers the requests of one turn, by key; a key it leaves out answers undefined
   */
  constructor(
    private readonly keyOf: (request: R) => string,
    private readonly load: (requests: R[]) => Promise<Map<string, V>>,
  ) {}

  get(request: R): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const key = this.keyOf(request);
      const entry = this.waiting.get(key);
      if (entry) entry.waiters.push({ resolve, reject });
      else this.waiting.set(key, { request, waiters: [{ resolve, reject }] });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const found = await this.load([...batch.values()].map((e) => e.request));
      for (const [key, e] of batch) for (const w of e.waiters) w.resolve(found.get(key));
    } catch (err) {
      for (const e of batch.values()) for (const w of e.waiters) w.reject(err);
    }
  }
}
