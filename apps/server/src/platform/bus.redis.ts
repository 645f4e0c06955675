import { Redis } from 'ioredis';
import type { Bus, BusHandler } from './bus.js';

/**
 * The bus over Redis: pub/sub on one subscriber connection per process, presence as sorted sets
 * scored by expiry time (members past their score are gone).
 */
export class RedisBus implements Bus {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private readonly subscribing = new Map<string, Promise<void>>();

  /** Every key and channel starts with it, so several installations (or test runs) can share one Redis. */
  private readonly prefix: string;

  private constructor(url: string, prefix: string) {
    this.prefix = prefix;
    const opts = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
    this.pub = new Redis(url, opts);
    this.sub = new Redis(url, opts);
    this.sub.on('message', (ch: string, raw: string) => {
      const subs = this.handlers.get(ch.slice(this.prefix.length));
      if (!subs) return;
      let msg: unknown;
      try {
        msg = JSON.parse(raw);
      } catch {
        return; // not ours
      }
      // Each subscriber gets its own copy, as with the in-process bus: one handler changing the
      // message must not change what the next one sees.
      let first = true;
      for (const h of subs) {
        h(first ? msg : JSON.parse(raw), ch.slice(this.prefix.length));
        first = false;
      }
    });
    // Connection errors surface through ping() (readiness) and failed commands; ioredis reconnects.
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
  }

  static async connect(url: string, prefix = 'byeol:'): Promise<RedisBus> {
    const bus = new RedisBus(url, prefix);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    return bus;
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.pub.publish(this.prefix + channel, JSON.stringify(message));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    let subs = this.handlers.get(channel);
    if (!subs) {
      subs = new Set();
      this.handlers.set(channel, subs);
      this.subscribing.set(
        channel,
        this.sub.subscribe(this.prefix + channel).then(() => {}),
      );
    }
    const own: BusHandler = (m, c) => handler(m, c);
    subs.add(own);
    // Every caller, not only the first, resolves once Redis has confirmed the subscription.
    await this.subscribing.get(channel);
    return async () => {
      subs.delete(own);
      if (subs.size === 0 && this.handlers.get(channel) === subs) {
        this.handlers.delete(channel);
        this.subscribing.delete(channel);
        await this.sub.unsubscribe(this.prefix + channel);
      }
    };
  }

  presence = {
    add: async (set: string, member: string, ttlMs: number) => {
      const key = `${this.prefix}presence:${set}`;
      await this.pub
        .multi()
        .zadd(key, Date.now() + ttlMs, member)
        .pexpire(key, Math.max(ttlMs, 1000) * 2)
        .exec();
    },
    remove: async (set: string, member: string) => {
      await this.pub.zrem(`${this.prefix}presence:${set}`, member);
    },
    members: async (set: string) => {
      const key = `${this.prefix}presence:${set}`;
      const now = Date.now();
      await this.pub.zremrangebyscore(key, '-inf', now);
      const members = await this.pub.zrangebyscore(key, `(${now}`, '+inf');
      return members.sort();
    },
  };

  counters = {
    hit: async (key: string, windowMs: number) => {
      const k = `${this.prefix}count:${key}`;
      // SET NX PX starts the window once; INCR counts; PTTL says when it ends.
      const res = await this.pub.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
      const count = Number(res?.[1]?.[1] ?? 0);
      const ttl = Number(res?.[2]?.[1] ?? windowMs);
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    },
  };

  async ping(): Promise<void> {
    await this.pub.ping();
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}

export async function createBus(redisUrl: string | undefined, prefix?: string): Promise<Bus> {
  if (!redisUrl) {
    const { MemoryBus } = await import('./bus.js');
    return new MemoryBus();
  }
  return RedisBus.connect(redisUrl, prefix);
}
