/**
 * The bus carries chat fan-out across nodes, API → chat events and presence. One interface, two
 * implementations: in-process (the single-machine default) and Redis (REDIS_URL). Both pass the same
 * suite in bus.int.test.ts.
 */
export type BusHandler = (message: unknown, channel: string) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  /** Delivers `message` (JSON-serialisable) to every subscriber of `channel`, in every process. */
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is active; the returned function ends it. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  /** Presence sets: a member stays until removed or until `ttlMs` passes without a new `add`. */
  presence: {
    add(set: string, member: string, ttlMs: number): Promise<void>;
    remove(set: string, member: string): Promise<void>;
    members(set: string): Promise<string[]>;
  };
  /** Fixed-window counters shared by every process (rate limits). */
  counters: {
    /** Adds one to `key` and answers the count in the current window of `windowMs`, and ms left in it. */
    hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  };
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private readonly sets = new Map<string, Map<string, number>>();
  private closed = false;

  async publish(channel: string, message: unknown): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    // A round trip through JSON keeps the in-process bus honest: subscribers never share an object
    // with the publisher, exactly as with Redis.
    const payload = JSON.stringify(message);
    const subs = this.handlers.get(channel);
    if (!subs) return;
    queueMicrotask(() => {
      for (const h of subs) h(JSON.parse(payload), channel);
    });
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    let subs = this.handlers.get(channel);
    if (!subs) {
      subs = new Set();
      this.handlers.set(channel, subs);
    }
    // Wrap so the same function may subscribe twice and unsubscribe each independently.
    const own: BusHandler = (m, c) => handler(m, c);
    subs.add(own);
    return async () => {
      subs.delete(own);
      if (subs.size === 0) this.handlers.delete(channel);
    };
  }

  presence = {
    add: async (set: string, member: string, ttlMs: number) => {
      let s = this.sets.get(set);
      if (!s) {
        s = new Map();
        this.sets.set(set, s);
      }
      s.set(member, Date.now() + ttlMs);
    },
    remove: async (set: string, member: string) => {
      this.sets.get(set)?.delete(member);
    },
    members: async (set: string) => {
      const s = this.sets.get(set);
      if (!s) return [];
      const now = Date.now();
      const live: string[] = [];
      for (const [m, until] of s) {
        if (until > now) live.push(m);
        else s.delete(m);
      }
      return live.sort();
    },
  };

  private readonly windows = new Map<string, { count: number; until: number }>();

  counters = {
    hit: async (key: string, windowMs: number) => {
      const now = Date.now();
      let w = this.windows.get(key);
      if (!w || w.until <= now) {
        // Sweep expired windows now and then so the map does not grow without bound.
        if (this.windows.size > 10_000) for (const [k, v] of this.windows) if (v.until <= now) this.windows.delete(k);
        w = { count: 0, until: now + windowMs };
        this.windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetMs: w.until - now };
    },
  };

  async ping(): Promise<void> {
    if (this.closed) throw new Error('bus closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }
}
