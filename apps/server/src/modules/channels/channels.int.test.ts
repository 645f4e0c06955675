import {
  CHANNEL_LIMITS,
  type ChannelComment,
  ChatEvent,
  channelsEndpoints,
  type FanItem,
  LIVE_BUS_CHANNEL,
  type MessageItem,
  ResultCode,
  VIP_COUNT,
  walletEndpoints,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import {
  type Account,
  buildAccount,
  buildBj,
  buildBroadcast,
  buildOperator,
  buildViewer,
  ledgerOf,
  liveRoom,
  newKey,
} from '../../testing/builders.js';
import { ChatClient, chatToken, isOutside } from '../../testing/chat-client.js';
import { sql } from '../../testing/members.js';

/**
 * Issue 17: channels and the social graph over real HTTP and PostgreSQL: the channel head, follows, fan
 * clubs (joined in the gift's own transaction) and VIPs, comments, the block list, messages, namecards.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ roles: ['api', 'chat'] });
});
afterAll(async () => t?.close());

const as = (who: Account | null) => (who ? { cookie: who.cookie } : {});
const info = (id: string, who: Account | null = null) => t.call(channelsEndpoints.info, { id }, as(who));
const follow = (who: Account | null, id: string, yn: 'Y' | 'N' = 'Y') =>
  t.call(channelsEndpoints.subscribeProc, { id, subscribe_yn: yn }, as(who));
const gift = (viewer: Account, vodKey: string, stars: number, key = newKey()) =>
  t.call(walletEndpoints.gift, { vod_key: vodKey, star_cnt: String(stars), idempotency_key: key }, { cookie: viewer.cookie });
const fans = (id: string, kind: 'fan' | 'vip', who: Account | null = null, paging: Record<string, string> = {}) =>
  t.call(channelsEndpoints.fans, { id, kind, ...paging }, as(who));
const comment = (who: Account | null, id: string, content: string) =>
  t.call(channelsEndpoints.commentProc, { mode: 'insert', id, content }, as(who));
const send = (who: Account | null, to: string, content: string, lang?: 'ko' | 'en') =>
  t.call(channelsEndpoints.messageSend, { to_id: to, content }, { ...as(who), ...(lang ? { lang } : {}) });
const box = (who: Account, which: 'received' | 'sent', paging: Record<string, string> = {}) =>
  t.call(channelsEndpoints.messageMore, { box: which, ...paging }, as(who));
const block = (who: Account, id: string, yn: 'Y' | 'N' = 'Y') => t.call(channelsEndpoints.blockingProc, { id, block_yn: yn }, as(who));

describe('the channel head', () => {
  it("shows a BJ's profile, counts, live broadcast and the viewer's standing; refuses what is not a channel", async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t);
    const ended = await buildBroadcast(t.database.db, bj.userKey, { state: 'ended', replayYn: true, title: '지난 방송' });
    const guest = await info(bj.id);
    expect(guest.body.rslt_cd).toBe(0);
    expect(guest.body.rslt_set).toMatchObject({
      bj: { user_key: bj.userKey, id: bj.id, nick: bj.nick },
      follower_cnt: 0,
      fan_cnt: 0,
      live: null,
      latest_replay: { vod_key: ended.vodKey, title: '지난 방송', state: 'ended' },
      replay_cnt: 1,
      viewer: null,
      fan_list_public_yn: 'Y',
    });
    // The login ID is matched regardless of case; a broadcast going live (the ingest's bus message) shows
    // on the channel at once.
    const vk = await liveRoom(t, bj.userKey);
    await t.bus.publish(LIVE_BUS_CHANNEL, { type: 'live', vod_key: vk, bj_user_key: bj.userKey });
    await expect.poll(async () => (await info(bj.id)).body.rslt_set.live?.vod_key).toBe(vk);
    const mine = await info(bj.id.toUpperCase(), viewer);
    expect(mine.body.rslt_set).toMatchObject({
      live: { vod_key: vk, state: 'live' },
      viewer: { subscribed_yn: 'N', blocked_yn: 'N', fan_no: null, vip_rank: null, is_owner: 'N' },
    });
    expect((await info(bj.id, bj)).body.rslt_set.viewer).toMatchObject({ is_owner: 'Y' });

    // A member who is not a BJ has no channel; an unknown or malformed ID neither.
    expect((await info(viewer.id)).body.rslt_cd).toBe(ResultCode.CHANNEL_NOT_FOUND);
    expect((await info('nosuchbj12345')).body.rslt_cd).toBe(ResultCode.CHANNEL_NOT_FOUND);
    const bad = await info('<script>');
    expect(bad.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'id' } });
  });
});

describe('follows', () => {
  it('need a login, never the own channel, count once per member, and list the BJs on air first', async () => {
    const [quiet, onAir] = [await buildBj(t), await buildBj(t)];
    const fan = await buildViewer(t);
    const other = await buildViewer(t);
    expect((await follow(null, quiet.id)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await follow(quiet, quiet.id)).body.rslt_cd).toBe(ResultCode.SUBSCRIBE_SELF);
    expect((await follow(fan, other.id)).body.rslt_cd).toBe(ResultCode.CHANNEL_NOT_FOUND);

    expect((await follow(fan, quiet.id)).body.rslt_set).toEqual({ subscribed_yn: 'Y', follower_cnt: 1 });
    // Following twice counts once.
    expect((await follow(fan, quiet.id)).body.rslt_set).toEqual({ subscribed_yn: 'Y', follower_cnt: 1 });
    expect((await follow(other, quiet.id)).body.rslt_set).toEqual({ subscribed_yn: 'Y', follower_cnt: 2 });
    expect((await follow(fan, onAir.id)).body.rslt_set.follower_cnt).toBe(1);
    const vk = await liveRoom(t, onAir.userKey);

    const list = await t.call(channelsEndpoints.subscribeMore, {}, as(fan));
    expect(list.body.rslt_set.data_totalcount).toBe(2);
    expect(list.body.rslt_set.data_list.map((s) => [s.id, s.live?.vod_key ?? null, s.follower_cnt])).toEqual([
      [onAir.id, vk, 1],
      [quiet.id, null, 2],
    ]);
    const page = await t.call(channelsEndpoints.subscribeMore, { offset: '1', limit: '1' }, as(fan));
    expect(page.body.rslt_set.data_list.map((s) => s.id)).toEqual([quiet.id]);
    expect(page.body.rslt_set.data_totalcount).toBe(2);
    // A page past the end is empty and still tells the total.
    const past = await t.call(channelsEndpoints.subscribeMore, { offset: '5', limit: '1' }, as(fan));
    expect(past.body.rslt_set).toEqual({ data_list: [], data_totalcount: 2 });
    expect((await info(quiet.id, fan)).body.rslt_set).toMatchObject({ follower_cnt: 2, viewer: { subscribed_yn: 'Y' } });

    // Cancelling: subscribed → cancelled, counted down once.
    expect((await follow(fan, quiet.id, 'N')).body.rslt_set).toEqual({ subscribed_yn: 'N', follower_cnt: 1 });
    expect((await follow(fan, quiet.id, 'N')).body.rslt_set).toEqual({ subscribed_yn: 'N', follower_cnt: 1 });
    expect((await t.call(channelsEndpoints.subscribeMore, {}, as(fan))).body.rslt_set.data_totalcount).toBe(1);
    expect((await t.call(channelsEndpoints.subscribeMore, {})).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
  });
});

describe('fan clubs and VIPs', () => {
  it('stay exact under 200 concurrent gifts from 50 members: unique fan numbers in join order, VIPs as the ledger says', async () => {
    const bj = await buildBj(t);
    const vk = await liveRoom(t, bj.userKey);
    const members = await Promise.all(Array.from({ length: 50 }, () => buildViewer(t, { star: 10_000 })));
    // Four gifts each, of different sizes, all at once.
    const sent = members.flatMap((m, i) => [1, 2, 3, 4].map((n) => ({ m, stars: ((i * 7 + n * 13) % 97) + 1 })));
    const answers = await Promise.all(sent.map(({ m, stars }) => gift(m, vk, stars)));
    for (const a of answers) expect(a.body.rslt_cd).toBe(0);
    // The fans' totals are written after the ledger (at most FANS_FLUSH_GAP_MS later), and a channel holds
    // its VIP list for a few seconds once asked: written before the first page below asks.
    await ledgerOf(t).fans.drain();

    // Exactly one gift per member joined the fan club, and every gift carries the member's number.
    const byMember = new Map<number, { firsts: number; nos: Set<number> }>();
    answers.forEach((a, i) => {
      const key = sent[i]?.m.userKey as number;
      const seen = byMember.get(key) ?? { firsts: 0, nos: new Set<number>() };
      if (a.body.rslt_set.first_gift) seen.firsts += 1;
      seen.nos.add(a.body.rslt_set.fan_no as number);
      byMember.set(key, seen);
    });
    for (const [, seen] of byMember) {
      expect(seen.firsts).toBe(1);
      expect(seen.nos.size).toBe(1);
    }
    const numbers = [...byMember.values()].map((s) => [...s.nos][0]).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    // The fan numbers follow the order of the joining gifts in the ledger.
    const joins = await sql<{ fan_no: number; joined_txn_id: string }>(
      t,
      'select fan_no, joined_txn_id from fan_club where bj_user_key = $1 order by fan_no',
      [bj.userKey],
    );
    const txnOrder = joins.map((j) => Number(j.joined_txn_id));
    expect(txnOrder).toEqual([...txnOrder].sort((a, b) => a - b));

    // The fan tab: join order, paged, the BJ's fan club size in the head.
    const first = await fans(bj.id, 'fan', null, { limit: '20' });
    expect(first.body.rslt_set.data_totalcount).toBe(50);
    expect(first.body.rslt_set.data_list.map((f: FanItem) => f.fan_no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const deep = (await fans(bj.id, 'fan', null, { offset: '40', limit: '20' })).body.rslt_set.data_list as FanItem[];
    expect(deep.map((f) => f.fan_no)).toEqual(Array.from({ length: 10 }, (_, i) => i + 41));
    expect((await fans(bj.id, 'fan', null, { offset: '17', limit: '5' })).body.rslt_set.data_list.map((f: FanItem) => f.fan_no)).toEqual([
      18, 19, 20, 21, 22,
    ]);
    expect((await fans(bj.id, 'fan', null, { offset: '50', limit: '20' })).body.rslt_set.data_list).toEqual([]);
    expect((await info(bj.id)).body.rslt_set.fan_cnt).toBe(50);

    // VIPs equal a recomputation from the ledger's paid gifts (most STAR first, ties to the earliest).
    const fromLedger = await sql<{ actor: string }>(
      t,
      `select actor_user_key as actor from wallet_txn
       where kind = 'gift' and state = 'done' and (meta->>'bj_user_key')::bigint = $1
       group by actor_user_key order by sum(amount) desc, min(created_at), actor_user_key limit $2`,
      [bj.userKey, VIP_COUNT],
    );
    const vips = await fans(bj.id, 'vip', null, { limit: '100' });
    expect(vips.body.rslt_set.data_list.map((f: FanItem) => [f.user_key, f.vip_rank])).toEqual(
      fromLedger.map((r, i) => [Number(r.actor), i + 1]),
    );
    const top = Number(fromLedger[0]?.actor);
    const topMember = members.find((m) => m.userKey === top) as Account;
    expect((await info(bj.id, topMember)).body.rslt_set.viewer).toMatchObject({ vip_rank: 1 });
    const mine = await t.call(channelsEndpoints.fanclubMore, {}, as(topMember));
    expect(mine.body.rslt_set.data_list).toEqual([expect.objectContaining({ user_key: bj.userKey, vip_rank: 1 })]);
  });

  it('answers a replayed gift with the same fan number and joins nobody twice', async () => {
    const bj = await buildBj(t);
    const vk = await liveRoom(t, bj.userKey);
    const fan = await buildViewer(t, { star: 100 });
    const key = newKey();
    const once = await gift(fan, vk, 5, key);
    const again = await gift(fan, vk, 5, key);
    expect(once.body.rslt_set).toMatchObject({ first_gift: true, fan_no: 1 });
    expect(again.body.rslt_set).toMatchObject({ txn_id: once.body.rslt_set.txn_id, first_gift: true, fan_no: 1 });
    const later = await gift(fan, vk, 5);
    expect(later.body.rslt_set).toMatchObject({ first_gift: false, fan_no: 1 });
    expect((await info(bj.id)).body.rslt_set.fan_cnt).toBe(1);
  });

  it('keeps a private list for the BJ, their managers and operators (SPEC §4)', async () => {
    const bj = await buildBj(t);
    const manager = await buildViewer(t);
    const viewer = await buildViewer(t);
    const operator = await buildOperator(t);
    await sql(t, 'insert into chat_setting (bj_user_key, sponsor_list_public_yn) values ($1, false)', [bj.userKey]);
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [bj.userKey, manager.userKey]);
    const refused = await t.call(channelsEndpoints.fans, { id: bj.id, kind: 'vip' }, { ...as(viewer), lang: 'en' });
    expect(refused.body).toMatchObject({ rslt_cd: ResultCode.CHANNEL_LIST_PRIVATE, rslt_msg: 'This list is private.' });
    expect((await fans(bj.id, 'fan')).body.rslt_cd).toBe(ResultCode.CHANNEL_LIST_PRIVATE);
    for (const who of [bj, manager, operator]) expect((await fans(bj.id, 'fan', who)).body.rslt_cd).toBe(0);
    expect((await info(bj.id)).body.rslt_set.fan_list_public_yn).toBe('N');
  });
});

describe('channel comments', () => {
  it('take plain text with the banned words masked; the author, the BJ and operators delete; blocked writers are refused', async () => {
    const bj = await buildBj(t);
    const writer = await buildViewer(t);
    const stranger = await buildViewer(t);
    await sql(t, "insert into chat_setting (bj_user_key, banned_words) values ($1, array['바보'])", [bj.userKey]);

    expect((await comment(null, bj.id, '안녕')).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const empty = await comment(writer, bj.id, '   ');
    expect(empty.body).toMatchObject({
      rslt_cd: ResultCode.CHANNEL_CONTENT_REQUIRED,
      rslt_msg: '내용을 입력해 주세요.',
      rslt_set: { field: 'content' },
    });
    const long = await comment(writer, bj.id, '가'.repeat(CHANNEL_LIMITS.commentMax + 1));
    expect(long.body).toMatchObject({
      rslt_cd: ResultCode.CHANNEL_COMMENT_LENGTH,
      rslt_msg: `댓글은 ${CHANNEL_LIMITS.commentMax}자까지 쓸 수 있습니다.`,
    });

    const html = '<img src=x onerror=alert(1)> 바보 아니에요';
    const written = await comment(writer, bj.id, html);
    expect(written.body.rslt_cd).toBe(0);
    const sn = String(written.body.rslt_set.comment_sn);
    await comment(stranger, bj.id, '두 번째');
    const list = await t.call(channelsEndpoints.comments, { id: bj.id }, as(writer));
    expect(list.body.rslt_set.data_totalcount).toBe(2);
    const [newest, mine] = list.body.rslt_set.data_list as ChannelComment[];
    expect(newest).toMatchObject({ content: '두 번째', can_delete_yn: 'N' });
    // Stored and answered as text: the page renders it as text, never as HTML.
    expect(mine).toMatchObject({ content: '<img src=x onerror=alert(1)> *** 아니에요', can_delete_yn: 'Y', nick: writer.nick });
    const paged = await t.call(channelsEndpoints.comments, { id: bj.id, offset: '1', limit: '1' });
    expect(paged.body.rslt_set.data_list.map((c) => c.comment_sn)).toEqual([Number(sn)]);

    // Only its author, the channel's BJ or an operator deletes a comment; a deleted one is gone.
    const del = (who: Account, commentSn: string) =>
      t.call(channelsEndpoints.commentProc, { mode: 'delete', comment_sn: commentSn }, as(who));
    expect((await del(stranger, sn)).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await del(writer, sn)).body.rslt_cd).toBe(0);
    expect((await del(writer, sn)).body.rslt_cd).toBe(ResultCode.CHANNEL_COMMENT_NOT_FOUND);
    const strangers = String((await t.call(channelsEndpoints.comments, { id: bj.id })).body.rslt_set.data_list[0]?.comment_sn);
    expect((await t.call(channelsEndpoints.comments, { id: bj.id }, as(bj))).body.rslt_set.data_list[0]?.can_delete_yn).toBe('Y');
    expect((await del(bj, strangers)).body.rslt_cd).toBe(0);
    expect((await t.call(channelsEndpoints.comments, { id: bj.id })).body.rslt_set.data_totalcount).toBe(0);

    // The BJ's block list reaches the guest book.
    expect((await block(bj, stranger.id)).body.rslt_cd).toBe(0);
    expect((await comment(stranger, bj.id, '다시')).body).toMatchObject({
      rslt_cd: ResultCode.CHANNEL_BLOCKED,
      rslt_msg: '차단되었습니다.',
    });
  });
});

describe('the block list', () => {
  it("keeps a blocked member's comments on any channel from the blocker, older ones too, and from nobody else", async () => {
    const bj = await buildBj(t);
    const [reader, pest, other] = [await buildViewer(t), await buildViewer(t), await buildViewer(t)];
    await comment(pest, bj.id, '예전 댓글');
    await comment(other, bj.id, '다른 댓글');
    await comment(pest, bj.id, '최근 댓글');
    const shown = async (who: Account | null, paging: Record<string, string> = {}) => {
      const set = (await t.call(channelsEndpoints.comments, { id: bj.id, ...paging }, as(who))).body.rslt_set;
      return { total: set.data_totalcount, contents: set.data_list.map((c) => c.content) };
    };
    expect(await shown(reader)).toEqual({ total: 3, contents: ['최근 댓글', '다른 댓글', '예전 댓글'] });
    await block(reader, pest.id);
    expect(await shown(reader)).toEqual({ total: 1, contents: ['다른 댓글'] });
    // Paging counts what the reader sees.
    expect(await shown(reader, { offset: '1', limit: '1' })).toEqual({ total: 1, contents: [] });
    expect(await shown(other)).toEqual({ total: 3, contents: ['최근 댓글', '다른 댓글', '예전 댓글'] });
    expect((await shown(null)).total).toBe(3);
    await block(reader, pest.id, 'N');
    expect((await shown(reader)).total).toBe(3);
  });

  it('adds and removes members, never oneself, and pages', async () => {
    const me = await buildViewer(t);
    const [a, b] = [await buildViewer(t), await buildViewer(t)];
    expect((await block(me, me.id)).body.rslt_cd).toBe(ResultCode.BLOCK_SELF);
    expect((await block(me, 'nosuchmember99')).body.rslt_cd).toBe(ResultCode.BLOCK_USER_NOT_FOUND);
    expect((await block(me, a.id)).body.rslt_set).toEqual({ blocked_yn: 'Y' });
    expect((await block(me, a.id)).body.rslt_set).toEqual({ blocked_yn: 'Y' });
    await block(me, b.id);
    const list = await t.call(channelsEndpoints.blockingMore, {}, as(me));
    expect(list.body.rslt_set.data_totalcount).toBe(2);
    expect(new Set(list.body.rslt_set.data_list.map((x) => x.id))).toEqual(new Set([a.id, b.id]));
    expect((await t.call(channelsEndpoints.blockingMore, { limit: '1' }, as(me))).body.rslt_set.data_list).toHaveLength(1);
    expect((await block(me, a.id, 'N')).body.rslt_set).toEqual({ blocked_yn: 'N' });
    expect((await t.call(channelsEndpoints.blockingMore, {}, as(me))).body.rslt_set.data_list.map((x) => x.id)).toEqual([b.id]);
    // The chat's own block list is the same list.
    const rows = await sql<{ k: string }>(t, 'select blocked_user_key as k from chat_user_block where user_key = $1', [me.userKey]);
    expect(rows.map((r) => Number(r.k))).toEqual([b.userKey]);
    expect((await t.call(channelsEndpoints.blockingMore, {})).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
  });
});

describe('the message box', () => {
  it('delivers, counts unread, marks read, deletes per side and refuses a blocked sender', async () => {
    const bj = await buildBj(t);
    const fan = await buildViewer(t);
    const pest = await buildViewer(t);
    expect((await send(null, bj.id, '안녕')).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await send(fan, fan.id, '나에게')).body.rslt_cd).toBe(ResultCode.MESSAGE_SELF);
    expect((await send(fan, 'nosuchmember77', '누구')).body.rslt_cd).toBe(ResultCode.MESSAGE_RECIPIENT_NOT_FOUND);
    const empty = await send(fan, bj.id, '', 'en');
    expect(empty.body).toMatchObject({
      rslt_cd: ResultCode.MESSAGE_REQUIRED,
      rslt_msg: 'Please enter a message.',
      rslt_set: { field: 'content' },
    });
    expect((await send(fan, bj.id, '가'.repeat(CHANNEL_LIMITS.messageMax + 1))).body.rslt_cd).toBe(ResultCode.MESSAGE_LENGTH);

    const sent = await send(fan, bj.id, '방송 잘 보고 있어요!\n응원합니다');
    expect(sent.body.rslt_cd).toBe(0);
    const sn = String(sent.body.rslt_set.message_sn);
    await send(pest, bj.id, '두 번째 메시지');

    const inbox = await box(bj, 'received');
    expect(inbox.body.rslt_set).toMatchObject({ data_totalcount: 2, total_count: 2, unread_cnt: 2 });
    const received = inbox.body.rslt_set.data_list as MessageItem[];
    expect(received.map((m) => [m.other.id, m.read_yn])).toEqual([
      [pest.id, 'N'],
      [fan.id, 'N'],
    ]);
    expect(received[1]?.content).toBe('방송 잘 보고 있어요!\n응원합니다');
    expect((await box(fan, 'sent')).body.rslt_set.data_list.map((m) => m.other.id)).toEqual([bj.id]);
    expect((await box(bj, 'received', { limit: '1', offset: '1' })).body.rslt_set.data_list.map((m) => String(m.message_sn))).toEqual([sn]);

    // Only the recipient marks a message read, and only from their received box.
    expect((await t.call(channelsEndpoints.messageRead, { box: 'received', message_sn: sn }, as(fan))).body.rslt_cd).toBe(
      ResultCode.MESSAGE_NOT_FOUND,
    );
    const read = await t.call(channelsEndpoints.messageRead, { box: 'received', message_sn: sn }, as(bj));
    expect(read.body.rslt_set).toMatchObject({ read_yn: 'Y', unread_cnt: 1 });

    // Each side deletes its own copy.
    expect((await t.call(channelsEndpoints.messageDelete, { box: 'received', message_sn: sn }, as(bj))).body.rslt_cd).toBe(0);
    expect((await box(bj, 'received')).body.rslt_set.data_totalcount).toBe(1);
    expect((await box(fan, 'sent')).body.rslt_set.data_totalcount).toBe(1);
    expect((await t.call(channelsEndpoints.messageDelete, { box: 'sent', message_sn: sn }, as(fan))).body.rslt_cd).toBe(0);
    expect(await sql(t, 'select 1 from user_message where message_sn = $1', [sn])).toHaveLength(0);

    // A member the recipient blocked is refused with SPEC §8 'blocked'; nothing is delivered, and what
    // they sent before the block is out of the blocker's box (and its unread count) while the block stands.
    await block(bj, pest.id);
    const refused = await send(pest, bj.id, '또 왔어요');
    expect(refused.body).toMatchObject({ rslt_cd: ResultCode.CHANNEL_BLOCKED, rslt_msg: '차단되었습니다.' });
    expect((await box(bj, 'received')).body.rslt_set).toMatchObject({ data_totalcount: 0, unread_cnt: 0, data_list: [] });
    expect((await t.call(channelsEndpoints.messageUnread, {}, as(bj))).body.rslt_set.unread_cnt).toBe(0);
    expect((await box(pest, 'sent')).body.rslt_set.data_list.map((m) => m.content)).toEqual(['두 번째 메시지']);
    await block(bj, pest.id, 'N');
    expect((await box(bj, 'received')).body.rslt_set).toMatchObject({ data_totalcount: 1, unread_cnt: 1 });
  });

  it('limits how many messages a member sends in a window', async () => {
    const sender = await buildViewer(t);
    const to = await buildViewer(t);
    for (let i = 0; i < CHANNEL_LIMITS.messageRate; i += 1) expect((await send(sender, to.id, `메시지 ${i}`)).body.rslt_cd).toBe(0);
    const over = await send(sender, to.id, '하나 더');
    expect(over.status).toBe(429);
    expect(over.body.rslt_cd).toBe(ResultCode.RATE_LIMITED);
  });
});

describe('namecards', () => {
  it("show a BJ's channel, and in a room the member's standing and the BJ view for the room's moderators", async () => {
    const bj = await buildBj(t);
    const fan = await buildViewer(t, { star: 100 });
    const vk = await liveRoom(t, bj.userKey);
    await gift(fan, vk, 10);
    await follow(fan, bj.id);
    await ledgerOf(t).fans.drain();

    const card = await t.call(channelsEndpoints.namecard, { user_key: String(bj.userKey) }, as(fan));
    expect(card.body.rslt_set).toMatchObject({
      id: bj.id,
      is_bj: 1,
      channel_url: `/channel/bj/${bj.id}`,
      follower_cnt: 1,
      subscribed_yn: 'Y',
      view: 'user',
    });
    const fanCard = (who: Account) => t.call(channelsEndpoints.namecardBroadcast, { user_key: String(fan.userKey), vod_key: vk }, as(who));
    expect((await fanCard(fan)).body.rslt_set).toMatchObject({ is_bj: 0, channel_url: '', fan_no: 1, vip_rank: 1, view: 'user' });
    expect((await fanCard(bj)).body.rslt_set).toMatchObject({ fan_no: 1, view: 'bj' });
    expect((await t.call(channelsEndpoints.namecard, { user_key: '999999999' })).body.rslt_cd).toBe(ResultCode.NO_DATA);
    expect((await t.call(channelsEndpoints.namecardBroadcast, { user_key: String(fan.userKey), vod_key: 'nosuchroom' })).body.rslt_cd).toBe(
      ResultCode.BROADCAST_NOT_FOUND,
    );
  });
});

describe('the feed', () => {
  it("takes the BJ's own posts as text, pages them, and lets only the owner or an operator delete", async () => {
    const bj = await buildBj(t);
    const fan = await buildViewer(t);
    const operator = await buildOperator(t);
    const post = (who: Account, content: string) => t.call(channelsEndpoints.feedProc, { mode: 'insert', content }, as(who));
    expect((await post(fan, '팬이 쓴 글')).body.rslt_cd).toBe(ResultCode.CHANNEL_FEED_BJ_ONLY);
    expect((await t.call(channelsEndpoints.feedProc, { mode: 'insert', content: '글' })).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await post(bj, ' ')).body.rslt_cd).toBe(ResultCode.CHANNEL_CONTENT_REQUIRED);
    expect((await post(bj, '가'.repeat(CHANNEL_LIMITS.feedMax + 1))).body.rslt_cd).toBe(ResultCode.CHANNEL_FEED_LENGTH);
    const first = await post(bj, '오늘 밤 9시 방송합니다!\n신청곡 받아요');
    await post(bj, '<b>공지</b> 다음 주 휴방');
    // The channel's banned words (the BJ's chat settings) are masked in posts as in comments.
    await sql(t, "insert into chat_setting (bj_user_key, banned_words) values ($1, array['바보'])", [bj.userKey]);
    await post(bj, '바보같은 날씨');
    const feed = await t.call(channelsEndpoints.feed, { id: bj.id }, as(fan));
    expect(feed.body.rslt_set).toMatchObject({ data_totalcount: 3, total_count: 3 });
    expect(feed.body.rslt_set.data_list.map((p) => [p.content, p.can_delete_yn])).toEqual([
      ['***같은 날씨', 'N'],
      ['<b>공지</b> 다음 주 휴방', 'N'],
      ['오늘 밤 9시 방송합니다!\n신청곡 받아요', 'N'],
    ]);
    expect((await t.call(channelsEndpoints.feed, { id: bj.id, limit: '1', offset: '1' })).body.rslt_set.data_list).toHaveLength(1);
    expect((await t.call(channelsEndpoints.feed, { id: bj.id }, as(bj))).body.rslt_set.data_list[0]?.can_delete_yn).toBe('Y');
    const sn = String(first.body.rslt_set.feed_sn);
    const del = (who: Account) => t.call(channelsEndpoints.feedProc, { mode: 'delete', feed_sn: sn }, as(who));
    expect((await del(fan)).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await del(operator)).body.rslt_cd).toBe(0);
    expect((await del(bj)).body.rslt_cd).toBe(ResultCode.CHANNEL_FEED_NOT_FOUND);
    expect((await t.call(channelsEndpoints.feed, { id: bj.id })).body.rslt_set.total_count).toBe(2);
  });
});

describe('program channels', () => {
  it("list a program account's replays and comments by its ID, and refuse other channels", async () => {
    const program = await buildAccount(t, { typeCd: 'bj', role: 'bj', bjTypeCd: 'program' });
    const bj = await buildBj(t);
    const fan = await buildViewer(t);
    const replay = await buildBroadcast(t.database.db, program.userKey, { state: 'ended', replayYn: true, title: '예능 1화' });
    await comment(fan, program.id, '재밌어요');
    const replays = await t.call(channelsEndpoints.programReplays, { id: program.id });
    expect(replays.body.rslt_set).toMatchObject({ data_totalcount: 1, total_count: 1 });
    expect(replays.body.rslt_set.data_list.map((v) => v.vod_key)).toEqual([replay.vodKey]);
    const comments = await t.call(channelsEndpoints.programComments, { id: program.id });
    expect(comments.body.rslt_set.data_list.map((c) => c.content)).toEqual(['재밌어요']);
    expect((await t.call(channelsEndpoints.programReplays, { id: bj.id })).body.rslt_cd).toBe(ResultCode.CHANNEL_NOT_FOUND);
    expect((await t.call(channelsEndpoints.programComments, { id: 'nosuchprogram' })).body.rslt_cd).toBe(ResultCode.CHANNEL_NOT_FOUND);
  });
});

describe('bookmarks', () => {
  it('keep replays a member saved, newest first, never a live broadcast or an unknown key', async () => {
    const bj = await buildBj(t);
    const fan = await buildViewer(t);
    const [older, newer] = [
      await buildBroadcast(t.database.db, bj.userKey, { state: 'ended', replayYn: true, title: '지난 방송 1' }),
      await buildBroadcast(t.database.db, bj.userKey, { state: 'ended', replayYn: true, title: '지난 방송 2' }),
    ];
    const live = await liveRoom(t, bj.userKey);
    const mark = (vodKey: string, yn: 'Y' | 'N' = 'Y') =>
      t.call(channelsEndpoints.bookmarkProc, { vod_key: vodKey, bookmark_yn: yn }, as(fan));
    expect((await t.call(channelsEndpoints.bookmarkProc, { vod_key: older.vodKey, bookmark_yn: 'Y' })).body.rslt_cd).toBe(
      ResultCode.LOGIN_REQUIRED,
    );
    expect((await mark(live)).body.rslt_cd).toBe(ResultCode.BOOKMARK_NOT_FOUND);
    expect((await mark('nosuchreplay')).body.rslt_cd).toBe(ResultCode.BOOKMARK_NOT_FOUND);
    expect((await mark(older.vodKey)).body.rslt_set).toEqual({ bookmarked_yn: 'Y' });
    expect((await mark(newer.vodKey)).body.rslt_set).toEqual({ bookmarked_yn: 'Y' });
    expect((await mark(newer.vodKey)).body.rslt_cd).toBe(0);
    const list = await t.call(channelsEndpoints.bookmarkMore, {}, as(fan));
    expect(list.body.rslt_set.data_totalcount).toBe(2);
    expect(list.body.rslt_set.data_list.map((b) => [b.vod_key, b.title, b.bj.id])).toEqual([
      [newer.vodKey, '지난 방송 2', bj.id],
      [older.vodKey, '지난 방송 1', bj.id],
    ]);
    expect((await mark(newer.vodKey, 'N')).body.rslt_set).toEqual({ bookmarked_yn: 'N' });
    expect((await t.call(channelsEndpoints.bookmarkMore, {}, as(fan))).body.rslt_set.data_list.map((b) => b.vod_key)).toEqual([
      older.vodKey,
    ]);
  });
});

describe('follows in the live room', () => {
  it('announce a new follower to the room (211) and an unfollow to the BJ alone (212)', async () => {
    const bj = await buildBj(t);
    const fan = await buildViewer(t);
    const vk = await liveRoom(t, bj.userKey);
    const room = await ChatClient.connect(t.url);
    const bjSocket = await ChatClient.connect(t.url);
    try {
      expect((await room.join(await chatToken(t, vk), vk)).result).toBe(1);
      expect((await bjSocket.join(await chatToken(t, vk, bj.cookie), vk)).result).toBe(1);
      await follow(fan, bj.id);
      const joined = await room.waitFor(isOutside(ChatEvent.CHANNEL_JOIN));
      expect(joined.param.by).toMatchObject({ user_key: fan.userKey, nick: fan.nick, is_follower: 1 });
      await follow(fan, bj.id, 'N');
      const left = await bjSocket.waitFor(isOutside(ChatEvent.CHANNEL_LEAVE));
      expect(left.param.by).toMatchObject({ user_key: fan.userKey });
      // The room heard the follow, not the unfollow (the next follow arrives after where it would be).
      const mark = room.mark();
      await follow(fan, bj.id);
      await room.waitFor(isOutside(ChatEvent.CHANNEL_JOIN), { from: mark });
      expect(room.frames.filter(isOutside(ChatEvent.CHANNEL_LEAVE))).toHaveLength(0);
    } finally {
      await Promise.all([room.close(), bjSocket.close()]);
    }
  });
});

describe('my page fragments', () => {
  it('answer the followed BJs, their newest replays, what I watched lately and my comments', async () => {
    const [bj1, bj2] = [await buildBj(t), await buildBj(t)];
    const fan = await buildViewer(t);
    const old = await buildBroadcast(t.database.db, bj1.userKey, {
      state: 'ended',
      replayYn: true,
      title: '오래된 방송',
      startedAt: new Date(Date.now() - 3 * 86_400_000),
      endedAt: new Date(Date.now() - 3 * 86_400_000 + 3_600_000),
    });
    const recent = await buildBroadcast(t.database.db, bj2.userKey, {
      state: 'ended',
      replayYn: true,
      title: '어제 방송',
      startedAt: new Date(Date.now() - 86_400_000),
      endedAt: new Date(Date.now() - 86_400_000 + 3_600_000),
    });
    const vk = await liveRoom(t, bj1.userKey);
    for (const path of ['/v1/mypage/subscribe_bj_html', '/v1/mypage/recent_vod_html']) {
      expect((await t.get(path)).body.rslt_cd, path).toBe(ResultCode.LOGIN_REQUIRED);
    }
    await follow(fan, bj1.id);
    await follow(fan, bj2.id);
    const bjs = await t.call(channelsEndpoints.subscribeBjHtml, {}, as(fan));
    expect(bjs.body.rslt_set.total_count).toBe(2);
    expect(bjs.body.rslt_set.bj_list.map((b) => [b.id, b.live?.vod_key ?? null])).toEqual([
      [bj1.id, vk],
      [bj2.id, null],
    ]);
    const vods = await t.call(channelsEndpoints.subscribeVodHtml, {}, as(fan));
    expect(vods.body.rslt_set.vod_list.map((v) => v.vod_key)).toEqual([recent.vodKey, old.vodKey]);

    // Opening the play and replay pages (their info calls) is what "watched lately" remembers.
    expect((await t.call(channelsEndpoints.recentVodHtml, {}, as(fan))).body.rslt_set.vod_list).toEqual([]);
    expect((await t.get('/v1/pubapi/vod_info', { vod_key: old.vodKey }, as(fan))).body.rslt_cd).toBe(0);
    expect((await t.get('/v1/pubapi/play_info', { vod_key: vk }, as(fan))).body.rslt_cd).toBe(0);
    await t.get('/v1/pubapi/play_info', { vod_key: vk });
    // The view is written after the answer (play_info does not wait for it).
    const watched = async () => (await t.call(channelsEndpoints.recentVodHtml, {}, as(fan))).body.rslt_set.vod_list;
    await expect
      .poll(async () => (await watched()).map((v) => [v.vod_key, v.state]))
      .toEqual([
        [vk, 'live'],
        [old.vodKey, 'ended'],
      ]);

    await comment(fan, bj2.id, '어제 방송 최고');
    const mine = await t.call(channelsEndpoints.commentHtml, {}, as(fan));
    expect(mine.body.rslt_set).toMatchObject({ total_count: 1, comment_list: [{ content: '어제 방송 최고', channel: { id: bj2.id } }] });
  });
});

describe('the broadcaster profile', () => {
  it('is edited by the BJ alone, with the SPEC messages for missing names, intro and a bad URL, and shows on the channel', async () => {
    const bj = await buildBj(t);
    const fan = await buildViewer(t);
    const form = {
      activity_name_ko: '하늘별',
      activity_name_en: 'Haneul',
      intro: '매일 밤 커버 댄스',
      operating_plan: '주 5회',
      agency: '',
      debut_date: '2024-03-01',
      social_url: 'https://example.com/haneul',
      tags: '댄스, 커버, 댄스',
    };
    const save = (who: Account | null, f: Record<string, string>, lang?: 'en') =>
      t.call(channelsEndpoints.profileSave, f, { ...as(who), ...(lang ? { lang } : {}) });
    expect((await save(null, form)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await save(fan, form)).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    for (const [field, code, message] of [
      ['activity_name_ko', ResultCode.CHANNEL_NAME_KO_REQUIRED, '한글 활동명을 입력해 주세요.'],
      ['activity_name_en', ResultCode.CHANNEL_NAME_EN_REQUIRED, '영문 활동명을 입력해 주세요.'],
      ['intro', ResultCode.CHANNEL_INTRO_REQUIRED, '소개를 입력해 주세요.'],
    ] as const) {
      const res = await save(bj, { ...form, [field]: ' ' });
      expect(res.body, field).toMatchObject({ rslt_cd: code, rslt_msg: message, rslt_set: { field } });
    }
    const badUrl = await save(bj, { ...form, social_url: 'javascript:alert(1)' }, 'en');
    expect(badUrl.body).toMatchObject({
      rslt_cd: ResultCode.CHANNEL_URL_INVALID,
      rslt_msg: 'Invalid URL',
      rslt_set: { field: 'social_url' },
    });
    const manyTags = await save(bj, { ...form, tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') });
    expect(manyTags.body.rslt_cd).toBe(ResultCode.CHANNEL_TAGS_LIMIT);

    const saved = await save(bj, form);
    expect(saved.body.rslt_set).toMatchObject({
      activity_name_en: 'Haneul',
      tags: ['댄스', '커버'],
      social_url: 'https://example.com/haneul',
    });
    expect((await info(bj.id)).body.rslt_set.profile).toEqual(saved.body.rslt_set);
  });
});

describe('the rest of my page (issue 17)', () => {
  it('says whether I bookmarked a replay, counts my unread messages, and shows a BJ the latest givers of STAR', async () => {
    const bj = await buildBj(t);
    const [fan1, fan2] = [await buildViewer(t, { star: 1_000 }), await buildViewer(t, { star: 1_000 })];
    const replay = await buildBroadcast(t.database.db, bj.userKey, { state: 'ended', replayYn: true, title: '다시보기' });
    const state = () => t.call(channelsEndpoints.bookmarkInfo, { vod_key: replay.vodKey }, as(fan1));
    expect((await t.call(channelsEndpoints.bookmarkInfo, { vod_key: replay.vodKey })).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await state()).body.rslt_set).toEqual({ bookmarked_yn: 'N' });
    await t.call(channelsEndpoints.bookmarkProc, { vod_key: replay.vodKey, bookmark_yn: 'Y' }, as(fan1));
    expect((await state()).body.rslt_set).toEqual({ bookmarked_yn: 'Y' });

    const unread = async (who: Account) => (await t.call(channelsEndpoints.messageUnread, {}, as(who))).body.rslt_set.unread_cnt;
    expect(await unread(bj)).toBe(0);
    await send(fan1, bj.id, '안녕하세요');
    await send(fan2, bj.id, '팬이에요');
    expect(await unread(bj)).toBe(2);
    const [first] = (await box(bj, 'received')).body.rslt_set.data_list;
    await t.call(channelsEndpoints.messageRead, { box: 'received', message_sn: String(first?.message_sn) }, as(bj));
    expect(await unread(bj)).toBe(1);

    const vk = await liveRoom(t, bj.userKey);
    expect((await gift(fan1, vk, 30)).body.rslt_cd).toBe(0);
    expect((await gift(fan2, vk, 5)).body.rslt_cd).toBe(0);
    expect((await gift(fan1, vk, 2)).body.rslt_cd).toBe(0);
    await ledgerOf(t).fans.drain();
    const boxOf = await t.call(channelsEndpoints.giftboxHtml, {}, as(bj));
    expect(boxOf.body.rslt_set).toMatchObject({ star_total: 37, fan_cnt: 2 });
    expect(boxOf.body.rslt_set.star_list.map((g) => [g.user_key, g.star_total, g.gift_cnt])).toEqual([
      [fan1.userKey, 32, 2],
      [fan2.userKey, 5, 1],
    ]);
    // A viewer account receives no STAR: an empty box, not an error.
    expect((await t.call(channelsEndpoints.giftboxHtml, {}, as(fan1))).body.rslt_set).toEqual({ star_list: [], star_total: 0, fan_cnt: 0 });
  });

  it('flags VIPs with their rank and paying supporters when they join the chat', async () => {
    const bj = await buildBj(t);
    const [top, second, plain] = [await buildViewer(t, { star: 1_000 }), await buildViewer(t, { star: 1_000 }), await buildViewer(t)];
    const vk = await liveRoom(t, bj.userKey);
    await gift(top, vk, 50);
    await gift(second, vk, 10);
    await ledgerOf(t).fans.drain();
    const [plan] = await sql<{ plan_sn: number }>(t, 'insert into supporter_plan (price) values (4500) returning plan_sn');
    await sql(
      t,
      `insert into supporter (user_key, bj_user_key, type, plan_sn, price, periods, paid_until) values ($1, $2, 'regular', $3, 4500, 1, now() + interval '30 days')`,
      [plain.userKey, bj.userKey, plan?.plan_sn],
    );
    const userOf = async (who: Account) => {
      const client = await ChatClient.connect(t.url);
      try {
        const joined = await client.join(await chatToken(t, vk, who.cookie), vk);
        expect(joined.result).toBe(1);
        return joined.user_info;
      } finally {
        await client.close();
      }
    };
    expect(await userOf(top)).toMatchObject({ vip_rank: 1, is_fan: 1, fan_no: 1 });
    expect(await userOf(second)).toMatchObject({ vip_rank: 2, fan_no: 2 });
    const supporter = await userOf(plain);
    expect(supporter).toMatchObject({ is_supporter: 1 });
    expect(supporter).not.toHaveProperty('vip_rank');
  });
});
