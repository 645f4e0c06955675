import {
  ChatEvent,
  ChatEventDetail,
  type ChatUserInfo,
  channelsEndpoints,
  ResultCode,
  type RoomUserListParam,
  walletEndpoints,
} from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { type Account, buildBj, buildViewer, ledgerOf, liveRoom, newKey } from '../../testing/builders.js';
import { chatTestApp } from '../../testing/chat-app.js';
import { type ChatClient, type Frame, isMsg, isOutside } from '../../testing/chat-client.js';
import { publishRoomEvent } from './chat.events.js';

/**
 * A member's standing in an open room follows what happens outside it (issue 17), over the real server
 * (api + chat in one process), real PostgreSQL and real WebSocket clients: their own block list (at the
 * join, and edited on /mypage/blocking while they sit in rooms), following the BJ, supporting them, and
 * the VIP ranks a gift moves.
 */
const chat = chatTestApp();

/** A socket joined to `vk` as `who` (a guest without), with the join's answer. */
const joined = (vk: string, who?: Account) => chat.joined(vk, who);

const block = (who: Account, id: string, yn: 'Y' | 'N' = 'Y') =>
  chat.t.call(channelsEndpoints.blockingProc, { id, block_yn: yn }, { cookie: who.cookie });
const follow = (who: Account, id: string, yn: 'Y' | 'N' = 'Y') =>
  chat.t.call(channelsEndpoints.subscribeProc, { id, subscribe_yn: yn }, { cookie: who.cookie });
const whisper = (from: ChatClient, to: Account, m: string) => from.send(m, { T: ChatEvent.WHISPER_SENDER, target: to.userKey });
const selfBlock = (f: Frame) => isOutside(ChatEvent.CHAT_BLOCK_UPDATE)(f) && f.param?.data?.scope === 'self';
const listed = async (c: ChatClient, userKey: number): Promise<ChatUserInfo | undefined> =>
  (await c.request<RoomUserListParam>('ROOM_USER_LIST')).user_list.find((u) => u.user_key === userKey);

describe("a member's own block list in chat", () => {
  it('comes with the join answer, so a reloaded page keeps hiding the blocked members', async () => {
    const bj = await buildBj(chat.t);
    const [me, pest, other] = [await buildViewer(chat.t), await buildViewer(chat.t), await buildViewer(chat.t)];
    const vk = await liveRoom(chat.t, bj.userKey);
    expect((await block(me, pest.id)).body.rslt_set).toEqual({ blocked_yn: 'Y' });
    expect((await block(me, other.id)).body.rslt_set).toEqual({ blocked_yn: 'Y' });

    const mine = await joined(vk, me);
    expect([...(mine.answer.blocked ?? [])].sort((a, b) => a - b)).toEqual([pest.userKey, other.userKey].sort((a, b) => a - b));
    // Nobody else's list travels: the pest's own answer and a guest's carry theirs (empty).
    const theirs = await joined(vk, pest);
    expect(theirs.answer.blocked).toEqual([]);
    expect((await joined(vk)).answer.blocked).toEqual([]);
    expect(await whisper(theirs.c, me, '몰래')).toMatchObject({ result: 0, code: ResultCode.CHAT_WHISPER_REFUSED });
  });

  it('changed on /mypage/blocking reaches the open sockets at once, in every room, without a rejoin', async () => {
    const [bj1, bj2] = [await buildBj(chat.t), await buildBj(chat.t)];
    const [me, pest] = [await buildViewer(chat.t), await buildViewer(chat.t)];
    const [vk1, vk2] = [await liveRoom(chat.t, bj1.userKey), await liveRoom(chat.t, bj2.userKey)];
    const here = (await joined(vk1, me)).c;
    const there = (await joined(vk2, me)).c;
    const pestHere = (await joined(vk1, pest)).c;
    const pestThere = (await joined(vk2, pest)).c;
    expect(await whisper(pestHere, me, '안녕')).toMatchObject({ result: 1 });
    await here.waitFor(isMsg('안녕', ChatEvent.WHISPER_RECEIVER));

    // Blocked from my page: both of my rooms are told, with the whole list and the pest as the room shows them.
    let marks = [here.mark(), there.mark()];
    expect((await block(me, pest.id)).body.rslt_set).toEqual({ blocked_yn: 'Y' });
    for (const [i, c] of [here, there].entries()) {
      const pushed = await c.waitFor(selfBlock, { from: marks[i] });
      expect(pushed.param).toMatchObject({
        by: { user_key: me.userKey, nick: me.nick },
        target: { user_key: pest.userKey, nick: pest.nick },
        data: { scope: 'self', off: 0, blocked: [pest.userKey] },
      });
    }
    // The pest's whispers are refused in both rooms at once, and the pest is not told about the block.
    expect(await whisper(pestHere, me, '또')).toMatchObject({ result: 0, code: ResultCode.CHAT_WHISPER_REFUSED });
    expect(await whisper(pestThere, me, '또')).toMatchObject({ result: 0, code: ResultCode.CHAT_WHISPER_REFUSED });
    expect(pestHere.frames.filter(selfBlock)).toHaveLength(0);

    // Blocking again changes nothing and says nothing; unblocking is pushed the same way and whispers pass.
    marks = [here.mark(), there.mark()];
    await block(me, pest.id);
    expect((await block(me, pest.id, 'N')).body.rslt_set).toEqual({ blocked_yn: 'N' });
    for (const [i, c] of [here, there].entries()) {
      const pushed = await c.waitFor(selfBlock, { from: marks[i] });
      expect(pushed.param.data).toEqual({ scope: 'self', off: 1, blocked: [] });
      expect(c.since(marks[i] as number).filter(selfBlock)).toHaveLength(1);
    }
    expect(await whisper(pestThere, me, '다시 안녕')).toMatchObject({ result: 1 });
    await there.waitFor(isMsg('다시 안녕', ChatEvent.WHISPER_RECEIVER));
  });
});

describe('flags that change while a member sits in the room', () => {
  it('a follow during a freeze that lets followers talk opens the chat at once; an unfollow closes it again', async () => {
    const bj = await buildBj(chat.t);
    const fan = await buildViewer(chat.t);
    const vk = await liveRoom(chat.t, bj.userKey);
    const bjc = (await joined(vk, bj)).c;
    const fanc = (await joined(vk, fan)).c;
    expect(await bjc.send('', { T: ChatEventDetail.FREEZE_ALL_ON, value: 'follower' })).toMatchObject({ result: 1 });
    await fanc.waitFor(isOutside(ChatEventDetail.FREEZE_ALL_ON));
    expect(await fanc.send('저도요')).toMatchObject({ result: 0, code: ResultCode.CHAT_FROZEN_FOLLOWERS });

    const mark = fanc.mark();
    expect((await follow(fan, bj.id)).body.rslt_set).toMatchObject({ subscribed_yn: 'Y' });
    await fanc.waitFor(isOutside(ChatEvent.CHANNEL_JOIN), { from: mark });
    expect(await fanc.send('팔로우했어요')).toMatchObject({ result: 1 });
    expect((await bjc.waitFor(isMsg('팔로우했어요'))).param.user).toMatchObject({ user_key: fan.userKey, is_follower: 1 });
    expect(await listed(bjc, fan.userKey)).toMatchObject({ is_follower: 1 });

    // The unfollow (212) goes to the BJ's sockets only; the fan's own flag goes with it.
    const bjMark = bjc.mark();
    await follow(fan, bj.id, 'N');
    await bjc.waitFor(isOutside(ChatEvent.CHANNEL_LEAVE), { from: bjMark });
    expect(await fanc.send('이제는')).toMatchObject({ result: 0, code: ResultCode.CHAT_FROZEN_FOLLOWERS });
    expect(await listed(bjc, fan.userKey)).not.toHaveProperty('is_follower');
  });

  it('a supporter join (220) marks the supporter in the room', async () => {
    const bj = await buildBj(chat.t);
    const member = await buildViewer(chat.t);
    const vk = await liveRoom(chat.t, bj.userKey);
    const bjc = (await joined(vk, bj)).c;
    const mc = (await joined(vk, member)).c;
    expect(await listed(bjc, member.userKey)).not.toHaveProperty('is_supporter');
    // As the supporters service raises it after a member's own payment (docs/supporters.md).
    const by: ChatUserInfo = {
      user_key: member.userKey,
      id: member.id,
      nick: member.nick,
      is_bj: 0,
      is_manager: 0,
      is_operator: 0,
      is_guest: 0,
    };
    await publishRoomEvent(chat.t.bus, vk, {
      code: ChatEvent.SUPPORTER_JOIN,
      ts: Date.now(),
      by,
      data: { type: 'regular', nick: member.nick, user_key: member.userKey, periods: 1 },
    });
    await mc.waitFor(isOutside(ChatEvent.SUPPORTER_JOIN));
    expect(await listed(bjc, member.userKey)).toMatchObject({ is_supporter: 1 });
    expect(await mc.send('응원해요')).toMatchObject({ result: 1 });
    expect((await bjc.waitFor(isMsg('응원해요'))).param.user).toMatchObject({ is_supporter: 1 });
  });

  it('a star gift moves the VIP ranks of the members in the room without a rejoin', async () => {
    const bj = await buildBj(chat.t);
    const [top, challenger] = [await buildViewer(chat.t, { star: 1_000 }), await buildViewer(chat.t, { star: 1_000 })];
    const vk = await liveRoom(chat.t, bj.userKey);
    const gift = (who: Account, stars: number) =>
      chat.t.call(walletEndpoints.gift, { vod_key: vk, star_cnt: String(stars), idempotency_key: newKey() }, { cookie: who.cookie });
    expect((await gift(top, 50)).body.rslt_cd).toBe(0);
    await ledgerOf(chat.t).fans.drain();
    const topc = await joined(vk, top);
    const challengerc = await joined(vk, challenger);
    expect(topc.answer.user_info).toMatchObject({ vip_rank: 1 });
    expect(challengerc.answer.user_info).not.toHaveProperty('vip_rank');

    expect((await gift(challenger, 100)).body.rslt_cd).toBe(0);
    await expect
      .poll(async () => [(await listed(topc.c, challenger.userKey))?.vip_rank, (await listed(topc.c, top.userKey))?.vip_rank], {
        timeout: 5000,
      })
      .toEqual([1, 2]);
    expect(await challengerc.c.send('회장입니다')).toMatchObject({ result: 1 });
    expect((await topc.c.waitFor(isMsg('회장입니다'))).param.user).toMatchObject({ vip_rank: 1, is_fan: 1 });
  });
});
