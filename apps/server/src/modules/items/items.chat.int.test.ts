import { ChatEvent, type ItemChatEventData, ResultCode } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { balancesOf, buildBj, buildViewer, liveRoom, newKey } from '../../testing/builders.js';
import { chatTestApp } from '../../testing/chat-app.js';
import { type ChatClient, isOutside } from '../../testing/chat-client.js';
import { buildAccount, sql } from '../../testing/members.js';
import { bought, buildItem, deal, itemRow, useItem } from './items.fixtures.js';

/**
 * Items announced in a live room (codes 60 and 61) on real WebSocket chat clients: the api and chat roles
 * in one process with the in-memory bus, real PostgreSQL.
 */
const chat = chatTestApp();

/** A socket joined to `vk` as a fresh member. */
async function watcher(vk: string): Promise<ChatClient> {
  return (await chat.joined(vk, await buildAccount(chat.t))).c;
}
describe('items in a live room', () => {
  it('announces an item use with code 60 to everyone in the room', async () => {
    const bj = await buildBj(chat.t);
    const vk = await liveRoom(chat.t, bj.userKey);
    const room = await watcher(vk);
    const item = await buildItem(chat.t, { name_ko: '폭죽', name_en: 'Fireworks', image_url: '/items/fireworks.svg' });
    const viewer = await buildViewer(chat.t, { cubic: 500 });
    const sn = await bought(chat.t, viewer.cookie, item.item_sn);
    const from = room.mark();
    const used = await useItem(chat.t, viewer.cookie, sn, vk);
    expect(used.body.rslt_cd).toBe(0);
    const frame = await room.waitFor(isOutside(ChatEvent.ITEM_USE), { from });
    expect(frame.param).toMatchObject({
      code: 60,
      by: { user_key: viewer.userKey, nick: viewer.nick, is_bj: 0 },
      data: {
        item_sn: item.item_sn,
        user_item_sn: sn,
        names: { ko: '폭죽', en: 'Fireworks' },
        image_url: '/items/fireworks.svg',
        cnt: 1,
      } satisfies ItemChatEventData,
    });
    const [use] = await sql<{ vod_key: string }>(chat.t, 'select vod_key from user_item_use where user_item_sn = $1', [sn]);
    expect(use?.vod_key).toBe(vk);
  });

  it('a room that is not live: ITEM_NOT_LIVE_ROOM, nothing counted, nothing announced', async () => {
    const bj = await buildBj(chat.t);
    const vk = await liveRoom(chat.t, bj.userKey);
    const room = await watcher(vk);
    const ended = await liveRoom(chat.t, bj.userKey, 'ended');
    const item = await buildItem(chat.t);
    const viewer = await buildViewer(chat.t, { cubic: 500 });
    const sn = await bought(chat.t, viewer.cookie, item.item_sn);
    expect((await useItem(chat.t, viewer.cookie, sn, ended)).body.rslt_cd).toBe(ResultCode.ITEM_NOT_LIVE_ROOM);
    expect((await useItem(chat.t, viewer.cookie, sn, 'no-such-room')).body.rslt_cd).toBe(ResultCode.ITEM_NOT_LIVE_ROOM);
    expect(await itemRow(chat.t, sn)).toMatchObject({ state: 'unused', uses_today: 0 });
    expect(await sql(chat.t, 'select 1 from user_item_use where user_item_sn = $1', [sn])).toHaveLength(0);
    await room.expectNone(isOutside(ChatEvent.ITEM_USE), 200);
  });

  it('announces a gift with code 61 once, after the commit; its retry is not announced again', async () => {
    const bj = await buildBj(chat.t);
    const vk = await liveRoom(chat.t, bj.userKey);
    const room = await watcher(vk);
    const item = await buildItem(chat.t, { price: '30', name_ko: '하트' });
    const buyer = await buildViewer(chat.t, { cubic: 500 });
    const key = newKey();
    const from = room.mark();
    const gift = () =>
      deal(chat.t, buyer.cookie, {
        item_sn: String(item.item_sn),
        cnt: '2',
        gift_id: bj.id,
        vod_key: vk,
        message: '최고!',
        idempotency_key: key,
      });
    const first = await gift();
    expect(first.body.rslt_set).toMatchObject({ gift_user_key: bj.userKey, total: 60, balance: 440 });
    const frame = await room.waitFor(isOutside(ChatEvent.ITEM_GIFT), { from });
    expect(frame.param).toMatchObject({
      code: 61,
      m: '최고!',
      by: { user_key: buyer.userKey, nick: buyer.nick },
      target: { user_key: bj.userKey, is_bj: 1 },
      data: { item_sn: item.item_sn, names: { ko: '하트' }, cnt: 2, receiver: { user_key: bj.userKey, nick: bj.nick } },
    });
    const mark = room.mark();
    expect((await gift()).body.rslt_set).toEqual(first.body.rslt_set);
    await room.expectNone(isOutside(ChatEvent.ITEM_GIFT), 300);
    expect(room.since(mark).filter(isOutside(ChatEvent.ITEM_GIFT))).toHaveLength(0);
    expect((await balancesOf(chat.t, buyer.userKey)).CUBIC).toBe(440);
  });

  it('a member the BJ blocked from their rooms neither gives nor uses an item there: nothing charged or counted, nothing announced', async () => {
    const bj = await buildBj(chat.t);
    const vk = await liveRoom(chat.t, bj.userKey);
    const { c: bjSocket } = await chat.joined(vk, bj);
    const item = await buildItem(chat.t, { price: '30' });
    const member = await buildViewer(chat.t, { cubic: 500 });
    const sn = await bought(chat.t, member.cookie, item.item_sn);
    // The BJ blocks the member from their rooms in the chat (230, scope room).
    expect(await bjSocket.send('', { T: 230, target: member.userKey, value: 'room' })).toMatchObject({ result: 1 });
    const from = bjSocket.mark();

    const gift = await deal(chat.t, member.cookie, {
      item_sn: String(item.item_sn),
      gift_id: bj.id,
      vod_key: vk,
      idempotency_key: newKey(),
    });
    expect(gift.body.rslt_cd).toBe(ResultCode.WALLET_GIFT_BLOCKED);
    const use = await useItem(chat.t, member.cookie, sn, vk);
    expect(use.body.rslt_cd).toBe(ResultCode.CHAT_BLOCKED);
    expect((await balancesOf(chat.t, member.userKey)).CUBIC).toBe(470);
    expect(await itemRow(chat.t, sn)).toMatchObject({ state: 'unused', uses_today: 0 });
    await bjSocket.expectNone((f) => isOutside(ChatEvent.ITEM_GIFT)(f) || isOutside(ChatEvent.ITEM_USE)(f), 300);
    expect(bjSocket.since(from).some((f) => isOutside(ChatEvent.ITEM_GIFT)(f) || isOutside(ChatEvent.ITEM_USE)(f))).toBe(false);

    // Outside a room (no vod_key) the block does not apply; unblocked, the room takes both again.
    expect((await useItem(chat.t, member.cookie, sn)).body.rslt_cd).toBe(0);
    expect(await bjSocket.send('', { T: 230, target: member.userKey, value: 'room', off: 1 })).toMatchObject({ result: 1 });
    const again = await deal(chat.t, member.cookie, {
      item_sn: String(item.item_sn),
      gift_id: bj.id,
      vod_key: vk,
      idempotency_key: newKey(),
    });
    expect(again.body.rslt_cd).toBe(0);
    await bjSocket.waitFor(isOutside(ChatEvent.ITEM_GIFT), { from });
  });

  it('a refused gift (too little CUBIC) is not announced', async () => {
    const bj = await buildBj(chat.t);
    const vk = await liveRoom(chat.t, bj.userKey);
    const room = await watcher(vk);
    const item = await buildItem(chat.t, { price: '300' });
    const buyer = await buildViewer(chat.t, { cubic: 100 });
    const res = await deal(chat.t, buyer.cookie, { item_sn: String(item.item_sn), gift_id: bj.id, vod_key: vk });
    expect(res.body.rslt_cd).toBe(ResultCode.WALLET_INSUFFICIENT);
    await room.expectNone(isOutside(ChatEvent.ITEM_GIFT), 300);
  });
});
