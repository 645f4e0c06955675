import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type Bus, MemoryBus } from './bus.js';
import { createBus, RedisBus } from './bus.redis.js';

const REDIS_URL = process.env.REDIS_URL;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A unique channel or set name, so parallel runs and other files never collide. */
const unique = (what: string) => `test:${what}:${randomUUID()}`;

/** Collects what a handler receives and waits for it. */
function inbox() {
  const received: Array<{ message: unknown; channel: string }> = [];
  const waiters: Array<() => void> = [];
  return {
    received,
    handler: (message: unknown, channel: string) => {
      received.push({ message, channel });
      for (const w of waiters.splice(0)) w();
    },
    async waitFor(count: number, timeoutMs = 2000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = until - Date.now();
        if (left <= 0) throw new Error(`expected ${count} message(s), got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

/**
 * One suite for every implementation: the in-process bus must behave like Redis, so code tested on one
 * machine behaves the same across many.
 */
function busSuite(make: () => Promise<Bus>, kind: Bus['kind']) {
  const opened: Bus[] = [];
  const open = async () => {
    const bus = await make();
    opened.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.allSettled(opened.splice(0).map((b) => b.close()));
  });

  /**
   * Publishes a marker on a second channel the same bus subscribes to and waits for it: everything
   * published before it on the same bus has been delivered by then (both implementations keep order).
   */
  async function flush(bus: Bus) {
    const marker = inbox();
    const channel = unique('flush');
    const off = await bus.subscribe(channel, marker.handler);
    await bus.publish(channel, { flush: true });
    await marker.waitFor(1);
    await off();
  }

  it(`is a ${kind} bus`, async () => {
    const bus = await open();
    expect(bus.kind).toBe(kind);
  });

  it('delivers a published message to a subscriber as an equal but separate object', async () => {
    const bus = await open();
    const channel = unique('room');
    const box = inbox();
    await bus.subscribe(channel, box.handler);
    const message = { service: 'MSG_SEND', param: { m: '안녕하세요 🌟', n: 3, nested: { list: [1, 'two', null] } } };
    await bus.publish(channel, message);
    // The publisher changing its object afterwards changes nothing for subscribers.
    message.param.n = 4;
    await box.waitFor(1);
    expect(box.received).toHaveLength(1);
    const got = box.received[0];
    expect(got?.channel).toBe(channel);
    expect(got?.message).toEqual({ service: 'MSG_SEND', param: { m: '안녕하세요 🌟', n: 3, nested: { list: [1, 'two', null] } } });
    expect(got?.message).not.toBe(message);
  });

  it('delivers messages in the order they were published', async () => {
    const bus = await open();
    const channel = unique('order');
    const box = inbox();
    await bus.subscribe(channel, box.handler);
    for (let i = 0; i < 20; i++) await bus.publish(channel, { i });
    await box.waitFor(20);
    expect(box.received.map((r) => (r.message as { i: number }).i)).toEqual([...Array(20).keys()]);
  });

  it('delivers plain values too', async () => {
    const bus = await open();
    const channel = unique('values');
    const box = inbox();
    await bus.subscribe(channel, box.handler);
    for (const v of ['text', 42, true, null, [1, 2]]) await bus.publish(channel, v);
    await box.waitFor(5);
    expect(box.received.map((r) => r.message)).toEqual(['text', 42, true, null, [1, 2]]);
  });

  it('does not deliver to subscribers of other channels', async () => {
    const bus = await open();
    const a = inbox();
    const b = inbox();
    const channelA = unique('a');
    const channelB = unique('b');
    await bus.subscribe(channelA, a.handler);
    await bus.subscribe(channelB, b.handler);
    await bus.publish(channelA, { to: 'a' });
    await a.waitFor(1);
    await flush(bus);
    expect(b.received).toEqual([]);
  });

  it('two subscribers each get their own copy', async () => {
    const bus = await open();
    const channel = unique('two');
    const one = inbox();
    const two = inbox();
    await bus.subscribe(channel, one.handler);
    await bus.subscribe(channel, two.handler);
    await bus.publish(channel, { hello: 'both' });
    await one.waitFor(1);
    await two.waitFor(1);
    expect(one.received[0]?.message).toEqual({ hello: 'both' });
    expect(two.received[0]?.message).toEqual({ hello: 'both' });
    expect(one.received[0]?.message).not.toBe(two.received[0]?.message);
    await flush(bus);
    expect(one.received).toHaveLength(1);
    expect(two.received).toHaveLength(1);
  });

  it('unsubscribe stops delivery, and only for that subscription', async () => {
    const bus = await open();
    const channel = unique('unsub');
    const stays = inbox();
    const leaves = inbox();
    await bus.subscribe(channel, stays.handler);
    const off = await bus.subscribe(channel, leaves.handler);
    await bus.publish(channel, { n: 1 });
    await stays.waitFor(1);
    await leaves.waitFor(1);

    await off();
    await bus.publish(channel, { n: 2 });
    await stays.waitFor(2);
    await flush(bus);
    expect(leaves.received.map((r) => r.message)).toEqual([{ n: 1 }]);
    expect(stays.received.map((r) => r.message)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('the same handler subscribed twice is delivered twice and unsubscribed independently', async () => {
    const bus = await open();
    const channel = unique('twice');
    const box = inbox();
    const off1 = await bus.subscribe(channel, box.handler);
    await bus.subscribe(channel, box.handler);
    await bus.publish(channel, { n: 1 });
    await box.waitFor(2);
    await off1();
    await bus.publish(channel, { n: 2 });
    await box.waitFor(3);
    await flush(bus);
    expect(box.received.map((r) => r.message)).toEqual([{ n: 1 }, { n: 1 }, { n: 2 }]);
  });

  it('the last unsubscribe ends the channel, and a new subscription works again', async () => {
    const bus = await open();
    const channel = unique('again');
    const first = inbox();
    const off = await bus.subscribe(channel, first.handler);
    await off();
    await off(); // a second call is harmless
    await bus.publish(channel, { n: 1 });
    await flush(bus);
    expect(first.received).toEqual([]);

    const second = inbox();
    await bus.subscribe(channel, second.handler);
    await bus.publish(channel, { n: 2 });
    await second.waitFor(1);
    expect(second.received.map((r) => r.message)).toEqual([{ n: 2 }]);
    expect(first.received).toEqual([]);
  });

  it('publishing to a channel nobody listens to is fine', async () => {
    const bus = await open();
    await expect(bus.publish(unique('nobody'), { x: 1 })).resolves.toBeUndefined();
  });

  describe('presence', () => {
    it('adds, lists (sorted) and removes members', async () => {
      const bus = await open();
      const set = unique('presence');
      expect(await bus.presence.members(set)).toEqual([]);
      await bus.presence.add(set, 'node-b', 10_000);
      await bus.presence.add(set, 'node-a', 10_000);
      await bus.presence.add(set, 'node-a', 10_000); // a member is listed once
      expect(await bus.presence.members(set)).toEqual(['node-a', 'node-b']);
      await bus.presence.remove(set, 'node-a');
      expect(await bus.presence.members(set)).toEqual(['node-b']);
      await bus.presence.remove(set, 'not-there');
      await bus.presence.remove(set, 'node-b');
      expect(await bus.presence.members(set)).toEqual([]);
    });

    it('keeps sets apart', async () => {
      const bus = await open();
      const one = unique('set1');
      const two = unique('set2');
      await bus.presence.add(one, 'm', 10_000);
      expect(await bus.presence.members(two)).toEqual([]);
    });

    it('forgets a member once its TTL passes without a new add', async () => {
      const bus = await open();
      const set = unique('ttl');
      await bus.presence.add(set, 'short', 200);
      await bus.presence.add(set, 'long', 10_000);
      expect(await bus.presence.members(set)).toEqual(['long', 'short']);
      await sleep(350);
      expect(await bus.presence.members(set)).toEqual(['long']);
    });

    it('a new add extends the TTL (a heartbeat keeps a member present)', async () => {
      const bus = await open();
      const set = unique('heartbeat');
      const ttl = 600;
      await bus.presence.add(set, 'beating', ttl);
      await bus.presence.add(set, 'silent', ttl);
      await sleep(350);
      await bus.presence.add(set, 'beating', ttl);
      const refreshed = Date.now();
      await sleep(400); // past the first expiry, well inside the second
      const members = await bus.presence.members(set);
      expect(members).not.toContain('silent');
      // Only meaningful while the refreshed TTL has not run out (a very slow machine could overshoot).
      if (Date.now() - refreshed < ttl) expect(members).toEqual(['beating']);
      await sleep(Math.max(0, ttl - (Date.now() - refreshed)) + 100);
      expect(await bus.presence.members(set)).toEqual([]);
    });
  });

  it('ping resolves while open', async () => {
    const bus = await open();
    await expect(bus.ping()).resolves.toBeUndefined();
  });

  it('close ends delivery and later calls fail; closing twice is harmless', async () => {
    const bus = await open();
    const channel = unique('close');
    const box = inbox();
    await bus.subscribe(channel, box.handler);
    await bus.close();
    await expect(bus.close()).resolves.toBeUndefined();
    await expect(bus.ping()).rejects.toThrow();
    await expect(bus.publish(channel, { late: true })).rejects.toThrow();
    await sleep(50);
    expect(box.received).toEqual([]);
  });
}

describe('MemoryBus', () => {
  busSuite(async () => new MemoryBus(), 'memory');

  it('is what createBus gives without REDIS_URL', async () => {
    const bus = await createBus(undefined);
    expect(bus).toBeInstanceOf(MemoryBus);
    await bus.close();
  });
});

describe.skipIf(!REDIS_URL)('RedisBus', () => {
  const url = REDIS_URL as string;
  busSuite(() => RedisBus.connect(url), 'redis');

  describe('across processes', () => {
    const buses: Bus[] = [];
    afterEach(async () => {
      await Promise.allSettled(buses.splice(0).map((b) => b.close()));
    });
    const connect = async (prefix?: string) => {
      const bus = await createBus(url, prefix);
      buses.push(bus);
      return bus;
    };

    it('is what createBus gives with REDIS_URL', async () => {
      expect(await connect()).toBeInstanceOf(RedisBus);
    });

    it("two bus instances see each other's messages", async () => {
      const [one, two] = [await connect(), await connect()];
      const channel = unique('cross');
      const onOne = inbox();
      const onTwo = inbox();
      await one.subscribe(channel, onOne.handler);
      await two.subscribe(channel, onTwo.handler);
      await one.publish(channel, { from: 'one' });
      await two.publish(channel, { from: 'two' });
      await onOne.waitFor(2);
      await onTwo.waitFor(2);
      const sorted = (box: ReturnType<typeof inbox>) =>
        box.received.map((r) => (r.message as { from: string }).from).sort((a, b) => a.localeCompare(b));
      expect(sorted(onOne)).toEqual(['one', 'two']);
      expect(sorted(onTwo)).toEqual(['one', 'two']);
    });

    it('an unsubscribe in one instance does not stop delivery in the other', async () => {
      const [one, two] = [await connect(), await connect()];
      const channel = unique('cross-unsub');
      const onOne = inbox();
      const onTwo = inbox();
      const off = await one.subscribe(channel, onOne.handler);
      await two.subscribe(channel, onTwo.handler);
      await off();
      await one.publish(channel, { n: 1 });
      await onTwo.waitFor(1);
      await flushOn(one);
      expect(onOne.received).toEqual([]);
    });

    it('presence is shared: one adds, the other lists and removes', async () => {
      const [one, two] = [await connect(), await connect()];
      const set = unique('cross-presence');
      await one.presence.add(set, 'chat-1', 10_000);
      await two.presence.add(set, 'chat-2', 200);
      expect(await two.presence.members(set)).toEqual(['chat-1', 'chat-2']);
      await two.presence.remove(set, 'chat-1');
      expect(await one.presence.members(set)).toEqual(['chat-2']);
      await sleep(350);
      expect(await one.presence.members(set)).toEqual([]);
    });

    it('a closed instance no longer receives, while the others do', async () => {
      const [one, two] = [await connect(), await connect()];
      const channel = unique('cross-close');
      const onOne = inbox();
      const onTwo = inbox();
      await one.subscribe(channel, onOne.handler);
      await two.subscribe(channel, onTwo.handler);
      await one.close();
      await two.publish(channel, { after: 'close' });
      await onTwo.waitFor(1);
      await sleep(50);
      expect(onOne.received).toEqual([]);
    });

    it('instances with different REDIS_PREFIX share no messages, presence or counters', async () => {
      const [one, other] = [await connect(`${unique('a')}:`), await connect(`${unique('b')}:`)];
      const channel = unique('prefixed');
      const onOther = inbox();
      await other.subscribe(channel, onOther.handler);
      await one.publish(channel, { n: 1 });
      await one.presence.add(channel, 'chat-1', 10_000);
      await one.counters.hit(channel, 60_000);
      await one.counters.hit(channel, 60_000);
      await flushOn(other);
      expect(onOther.received).toEqual([]);
      expect(await other.presence.members(channel)).toEqual([]);
      expect((await other.counters.hit(channel, 60_000)).count).toBe(1);
    });

    async function flushOn(bus: Bus) {
      const marker = inbox();
      const channel = unique('flush');
      const off = await bus.subscribe(channel, marker.handler);
      await bus.publish(channel, 1);
      await marker.waitFor(1);
      await off();
    }
  });
});
