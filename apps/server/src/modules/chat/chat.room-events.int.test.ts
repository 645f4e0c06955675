import { CHAT_LIMITS, ChatEvent, ChatEventDetail, type ChatPlugins, ResultCode, walletEndpoints } from '@byeol/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, balancesOf, buildBj, buildViewer, liveRoom, newKey } from '../../testing/builders.js';
import { type ChatClient, type Frame, isMsg, isOutside, joinThroughMonitor } from '../../testing/chat-client.js';
import { buildAccount, sql } from '../../testing/members.js';
import { verifyLedger } from '../wallet/wallet.verify.js';

/**
 * The room events of issue 24 over real sockets and the real HTTP gift call: stickers (12), the donation
 * (50), the BJ's room notice (120/121) and pinned message (130/131), and what a late joiner gets.
 */
let t: TestApp;
const clients: ChatClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ roles: ['api', 'chat'] });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await t?.close();
});

/** Joins the way the web client does (monitor, token, socket); the socket closes after the test. */
async function join(vk: string, who?: Account) {
  const { client: c, answer } = await joinThroughMonitor(t, vk, who ? { cookie: who.cookie } : {});
  clients.push(c);
  return { c, answer };
}
const joined = async (vk: string, who?: Account) => (await join(vk, who)).c;

const accepted = async (c: ChatClient, plugins: ChatPlugins, m = '') =>
  expect(await c.send(m, plugins), JSON.stringify(plugins)).toMatchObject({ result: 1 });
const refused = async (c: ChatClient, plugins: ChatPlugins, code: number, m = '') =>
  expect(await c.send(m, plugins), JSON.stringify(plugins)).toMatchObject({ result: 0, code });

const sticker = (id: unknown): ChatPlugins => ({ T: ChatEvent.STICKER, value: id });
const isSticker = (id: string, by?: number) => (f: Frame) =>
  isOutside(ChatEvent.STICKER)(f) && f.param?.data?.sticker === id && (by === undefined || f.param?.by?.user_key === by);

async function room() {
  const bj = await buildBj(t);
  const [viewer, manager] = await Promise.all([buildViewer(t, { star: 1_000 }), buildAccount(t)]);
  const vk = await liveRoom(t, bj.userKey);
  return { bj, viewer, manager, vk };
}

describe('stickers (12)', () => {
  it('a member sends a sticker to the room; unknown, fan-only, frozen and too fast are refused with their codes', async () => {
    const r = await room();
    const bj = await joined(r.vk, r.bj);
    const viewer = await joined(r.vk, r.viewer);
    const guest = await joined(r.vk);

    await accepted(viewer, sticker('heart'));
    for (const c of [bj, viewer, guest]) {
      const f = await c.waitFor(isSticker('heart', r.viewer.userKey));
      expect(f.param).toMatchObject({ code: 12, by: { user_key: r.viewer.userKey, nick: r.viewer.nick }, data: { sticker: 'heart' } });
    }

    await refused(viewer, sticker('unicorn'), ResultCode.CHAT_STICKER_UNKNOWN);
    await refused(viewer, sticker(7), ResultCode.CHAT_STICKER_UNKNOWN);
    // Fan-only stickers: a viewer who never gifted is refused; the BJ (a moderator) may.
    await refused(viewer, sticker('crown'), ResultCode.CHAT_STICKER_FANS_ONLY);
    await accepted(bj, sticker('crown'));
    await guest.waitFor(isSticker('crown', r.bj.userKey));
    // A guest (signed out) cannot send.
    await refused(guest, sticker('heart'), ResultCode.LOGIN_REQUIRED);

    // After a STAR gift the viewer is a fan on this socket without a rejoin: fan-only stickers pass.
    const res = await t.call(
      walletEndpoints.gift,
      { idempotency_key: newKey(), vod_key: r.vk, star_cnt: '10' },
      { cookie: r.viewer.cookie },
    );
    expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
    await viewer.waitFor(isOutside(20));
    await accepted(viewer, sticker('crown'));
    await guest.waitFor(isSticker('crown', r.viewer.userKey));

    // The rate limit of messages counts stickers (CHAT_LIMITS.ratePerWindow per window; four sent above).
    await accepted(viewer, sticker('clap'));
    await accepted(viewer, sticker('fire'));
    await accepted(viewer, sticker('star'));
    expect(await viewer.send('', sticker('heart'))).toMatchObject({ result: 0, code: ResultCode.CHAT_TOO_FAST });

    // A frozen chat refuses stickers like messages; the BJ still sends.
    await accepted(bj, { T: ChatEventDetail.FREEZE_ALL_ON });
    await viewer.waitFor(isOutside(ChatEventDetail.FREEZE_ALL_ON));
    await refused(viewer, sticker('heart'), ResultCode.CHAT_FROZEN);
    await accepted(bj, sticker('thanks'));
    await viewer.waitFor(isSticker('thanks', r.bj.userKey));
  });
});

describe('donation (50)', () => {
  it('a gift with the donation flag is paid through the ledger as a gift and announced as 50 with its message', async () => {
    const r = await room();
    const bj = await joined(r.vk, r.bj);
    const guest = await joined(r.vk);

    const call = (form: Record<string, string>) =>
      t.call(walletEndpoints.gift, { idempotency_key: newKey(), vod_key: r.vk, ...form }, { cookie: r.viewer.cookie });
    // A donation needs a message: refused before anything is charged.
    const bare = await call({ star_cnt: '100', donation_yn: 'Y' });
    expect(bare.body.rslt_cd).toBe(ResultCode.REQUIRED);
    expect((await balancesOf(t, r.viewer.userKey)).STAR).toBe(1_000);

    const res = await call({ star_cnt: '300', donation_yn: 'Y', message: '  생일 축하해요 <b>언니</b>  ' });
    expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
    expect(res.body.rslt_set).toMatchObject({ star_cnt: 300, balance: 700 });
    for (const c of [bj, guest]) {
      const f = await c.waitFor(isOutside(ChatEvent.DONATION));
      expect(f.param).toMatchObject({
        code: 50,
        m: '생일 축하해요 <b>언니</b>',
        by: { user_key: r.viewer.userKey, nick: r.viewer.nick, is_fan: 1 },
        data: { star_cnt: 300, txn_id: res.body.rslt_set.txn_id, first_gift: true },
      });
    }
    // No star-gift event for it: it is one event, 50.
    expect(guest.frames.some((f) => f.service === 'OUTSIDE_MSG' && f.param.code >= 20 && f.param.code <= 23)).toBe(false);
    // The ledger moved it exactly as a gift: the viewer paid, the BJ holds it, the entry says donation.
    expect((await balancesOf(t, r.viewer.userKey)).STAR).toBe(700);
    expect((await balancesOf(t, r.bj.userKey)).earnings).toBe(300);
    const [txn] = await sql(t, 'select kind, meta from wallet_txn where txn_id = $1', [res.body.rslt_set.txn_id]);
    expect(txn).toMatchObject({ kind: 'gift', meta: { donation: true, message: '생일 축하해요 <b>언니</b>', vod_key: r.vk } });
    expect(await verifyLedger(t.database.pool)).toMatchObject({ ok: true });

    // A retry under the same key replays the first answer whatever its donation flag and message say: the
    // key names the payment. Nothing is charged again and the room hears nothing more.
    const key = newKey();
    const first = await t.call(walletEndpoints.gift, { idempotency_key: key, vod_key: r.vk, star_cnt: '50' }, { cookie: r.viewer.cookie });
    expect(first.body.rslt_cd).toBe(0);
    await guest.waitFor((f) => isOutside(20)(f) && f.param.data?.txn_id === first.body.rslt_set.txn_id);
    const mark = guest.mark();
    const retry = await t.call(
      walletEndpoints.gift,
      { idempotency_key: key, vod_key: r.vk, star_cnt: '50', donation_yn: 'Y', message: '다시 보내요' },
      { cookie: r.viewer.cookie },
    );
    expect(retry.body.rslt_cd).toBe(0);
    expect(retry.body.rslt_set).toMatchObject({ txn_id: first.body.rslt_set.txn_id, balance: 650 });
    expect((await balancesOf(t, r.viewer.userKey)).STAR).toBe(650);
    const [kept] = await sql(t, 'select meta from wallet_txn where txn_id = $1', [first.body.rslt_set.txn_id]);
    expect((kept as { meta: Record<string, unknown> }).meta.donation).toBeUndefined();
    // A message after the retry arrives with nothing of it before: no second event, gift or donation.
    expect(await bj.send('끝')).toMatchObject({ result: 1 });
    await guest.waitFor(isMsg('끝'), { from: mark });
    expect(guest.since(mark).some((f) => f.service === 'OUTSIDE_MSG' && [20, 21, 22, 23, 50].includes(f.param.code))).toBe(false);
  });
});

describe('room notice (120/121) and pinned message (130/131)', () => {
  it('the BJ and a manager set and clear them; a viewer is refused; a late joiner gets both with the room', async () => {
    const r = await room();
    const bj = await joined(r.vk, r.bj);
    const viewer = await joined(r.vk, r.viewer);
    await accepted(bj, { T: ChatEvent.MANAGER_APPOINTED, target: r.manager.userKey });
    const manager = await joined(r.vk, r.manager);

    // The notice: plain text, control characters out, HTML kept as text.
    await accepted(bj, { T: ChatEventDetail.ROOM_NOTICE_SET }, '  오늘 9시 <script>x</script>\n컴백 무대!  ');
    const set = await viewer.waitFor(isOutside(120));
    expect(set.param).toMatchObject({
      m: '오늘 9시 <script>x</script> 컴백 무대!',
      by: { user_key: r.bj.userKey },
      data: { notice: { m: '오늘 9시 <script>x</script> 컴백 무대!', by: { user_key: r.bj.userKey } } },
    });
    await refused(bj, { T: 120 }, ResultCode.CHAT_NOTICE_LENGTH, '   ');
    await refused(bj, { T: 120 }, ResultCode.CHAT_NOTICE_LENGTH, 'ㄱ'.repeat(CHAT_LIMITS.roomNoticeMax + 1));
    // A viewer may do neither.
    await refused(viewer, { T: 120 }, ResultCode.FORBIDDEN, '내가 공지');
    await refused(viewer, { T: 121 }, ResultCode.FORBIDDEN);

    // A pin: the manager pins the viewer's message by its mid.
    await accepted(viewer, { T: 0 }, '이 노래 제목 뭐예요?');
    const msg = await manager.waitFor(isMsg('이 노래 제목 뭐예요?'));
    await refused(viewer, { T: 130, value: msg.param.mid }, ResultCode.FORBIDDEN);
    await refused(manager, { T: 130, value: 'nope' }, ResultCode.CHAT_PIN_NOT_FOUND);
    await accepted(manager, { T: 130, value: msg.param.mid });
    const pinned = await viewer.waitFor(isOutside(130));
    expect(pinned.param).toMatchObject({
      by: { user_key: r.manager.userKey, is_manager: 1 },
      data: {
        pin: { mid: msg.param.mid, m: '이 노래 제목 뭐예요?', user: { user_key: r.viewer.userKey }, by: { user_key: r.manager.userKey } },
      },
    });

    // A late joiner gets the notice and the pin with the room.
    const late = await join(r.vk);
    expect(late.answer.room).toMatchObject({
      notice: { m: '오늘 9시 <script>x</script> 컴백 무대!' },
      pin: { mid: msg.param.mid, m: '이 노래 제목 뭐예요?' },
    });
    // A node opening the room afresh reads them from the table.
    const [board] = await sql(t, 'select notice, pin from chat_room_board where vod_key = $1', [r.vk]);
    expect(board).toMatchObject({ notice: { m: '오늘 9시 <script>x</script> 컴백 무대!' }, pin: { mid: msg.param.mid } });

    // Cleared: the room is told, a later joiner gets none.
    await accepted(manager, { T: 121 });
    await accepted(bj, { T: 131 });
    await late.c.waitFor(isOutside(121));
    await late.c.waitFor(isOutside(131));
    const later = await join(r.vk, r.viewer);
    expect(later.answer.room).toMatchObject({ notice: null, pin: null });
    const logged = await sql<{ code: number }>(
      t,
      'select code from chat_action_log where vod_key = $1 and code between 120 and 182 order by action_sn',
      [r.vk],
    );
    expect(logged.map((row) => row.code)).toEqual([120, 130, 121, 131]);
  });
});
