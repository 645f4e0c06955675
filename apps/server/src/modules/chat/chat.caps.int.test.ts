import { ResultCode } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBj, buildBroadcast, buildViewer } from '../../testing/builders.js';
import { ChatClient, chatToken } from '../../testing/chat-client.js';
import { randomIp } from '../../testing/members.js';

/**
 * Issue 16, finding 7: one guest token from one address opened 2,000 chat sockets, each counted as a user
 * of the room. Sockets are now capped per client address (at the upgrade) and per member or guest token
 * (at the join), and a room counts each member and each guest once.
 */
const PER_ADDRESS = 4;
const PER_IDENTITY = 2;

let t: TestApp;
const clients: ChatClient[] = [];

beforeAll(async () => {
  t = await startTestApp({
    roles: ['api', 'chat'],
    env: {
      REDIS_URL: '',
      TRUST_PROXY: 'true',
      CHAT_MAX_SOCKETS_PER_ADDRESS: String(PER_ADDRESS),
      CHAT_MAX_SOCKETS_PER_IDENTITY: String(PER_IDENTITY),
    },
  });
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await t?.close();
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
async function connect(ip = randomIp()): Promise<ChatClient> {
  const c = await ChatClient.connect(t.url, from(ip));
  clients.push(c);
  return c;
}
async function liveRoom(): Promise<string> {
  const bj = await buildBj(t);
  return (await buildBroadcast(t.database.db, bj.userKey)).vodKey;
}

describe('chat socket caps', () => {
  it('refuses the upgrade past CHAT_MAX_SOCKETS_PER_ADDRESS open sockets of one address (429), and takes it again once one closes', async () => {
    const ip = randomIp();
    const open = await Promise.all(Array.from({ length: PER_ADDRESS }, () => connect(ip)));
    await expect(connect(ip)).rejects.toThrow(/429/);
    // Another address is not affected.
    expect((await connect()).open).toBe(true);
    await open[0]?.close();
    await expect
      .poll(async () =>
        connect(ip).then(
          (c) => c.open,
          () => false,
        ),
      )
      .toBe(true);
  });

  it('lets one guest token join CHAT_MAX_SOCKETS_PER_IDENTITY sockets and counts that guest once', async () => {
    const vk = await liveRoom();
    const us = await chatToken(t, vk);
    const first = await (await connect()).join(us, vk);
    expect(first).toMatchObject({ result: 1, user_total_count: 1 });
    const second = await (await connect()).join(us, vk);
    // Two sockets of one guest are one user.
    expect(second).toMatchObject({ result: 1, user_total_count: 1 });
    const third = await (await connect()).join(us, vk);
    expect(third.result).not.toBe(1);
    expect(third).toMatchObject({ code: ResultCode.CHAT_TOO_MANY_CONNECTIONS });
    expect(third.msg).toContain(String(PER_IDENTITY));
    // Another guest's token still joins, and counts.
    const other = await (await connect()).join(await chatToken(t, vk), vk);
    expect(other).toMatchObject({ result: 1, user_total_count: 2 });
  });

  it("caps a member's sockets too, and frees a place when one leaves", async () => {
    const vk = await liveRoom();
    const viewer = await buildViewer(t);
    const us = await chatToken(t, vk, viewer.cookie);
    const a = await connect();
    expect((await a.join(us, vk)).result).toBe(1);
    expect((await (await connect()).join(us, vk)).result).toBe(1);
    const refused = await (await connect()).join(us, vk);
    expect(refused).toMatchObject({ code: ResultCode.CHAT_TOO_MANY_CONNECTIONS });
    await a.close();
    await expect.poll(async () => (await (await connect()).join(us, vk)).result, { timeout: 5000 }).toBe(1);
  });
});
