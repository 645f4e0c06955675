import { Redis } from 'ioredis';
import type { Bus, BusHandler } from './bus.js';

const PREFIX = 'byeol:';

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

  private constructor(url: string) {
    const opts = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
    this.pub = new Redis(url, opts);
    this.sub = new Redis(url, opts);
    this.sub.on('message', (ch: string, raw: string) => {
      const subs = this.handlers.get(ch.slice(PREFIX.length));
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
        h(first ? msg : JSON.parse(raw), ch.slice(PREFIX.length));
        first = false;
      }
    });
    // Connection errors surface through ping() (readiness) and failed commands; ioredis reconnects.
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
  }

  static async connect(url: string): Promise<RedisBus> {
    const bus = new RedisBus(url);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    return bus;
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.pub.publish(PREFIX + channel, JSON.stringify(message));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    let subs = this.handlers.get(channel);
    if (!subs) {
      subs = new Set();
      this.handlers.set(channel, subs);
      this.subscribing.set(
        channel,
        this.sub.subscribe(PREFIX + channel).then(() => {}),
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
        await this.sub.unsubscribe(PREFIX + channel);
      }
    };
  }

  presence = {
    add: async (set: string, member: string, ttlMs: number) => {
      const key = `${PREFIX}presence:${set}`;
      await this.pub
        .multi()
        .zadd(key, Date.now() + ttlMs, member)
        .pexpire(key, Math.max(ttlMs, 1000) * 2)
        .exec();
    },
    remove: async (set: string, member: string) => {
      await this.pub.zrem(`${PREFIX}presence:${set}`, member);
    },
    members: async (set: string) => {
      const key = `${PREFIX}presence:${set}`;
      const now = Date.now();
      await this.pub.zremrangebyscore(key, '-inf', now);
      const members = await this.pub.zrangebyscore(key, `(${now}`, '+inf');
      return members.sort();
    },
  };

  counters = {
    hit: async (key: string, windowMs: number) => {
      const k = `${PREFIX}count:${key}`;
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

export async function createBus(redisUrl: string | undefined): Promise<Bus> {
  if (!redisUrl) {
    const { MemoryBus } = await import('./bus.js');
    return new MemoryBus();
  }
  return RedisBus.connect(redisUrl);
}
