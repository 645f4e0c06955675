import { GIFT_PANEL_ITEMS_MAX, itemsEndpoints, ResultCode, STAR_GIFT } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBj, buildViewer, liveRoom } from '../../testing/builders.js';
import { buildItem } from './items.fixtures.js';

/**
 * POST /v1/popup/gift (SPEC §7, issue 15): the gift panel of a live room in one answer. Other files share the
 * database: assertions are about this file's own members, rooms and items.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const panel = (vodKey: string, cookie?: string, lang?: 'en') =>
  t.call(itemsEndpoints.giftPanel, { vod_key: vodKey }, { ...(cookie ? { cookie } : {}), ...(lang ? { lang } : {}) });

describe('POST /v1/popup/gift', () => {
  it("answers the room's BJ, the viewer's STAR and CUBIC, the STAR amounts and the giftable items on sale", async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t, { star: 1234, cubic: 56 });
    const vodKey = await liveRoom(t, bj.userKey);
    const giftable = await buildItem(t, { name_en: 'Panel heart', sort: '0' });
    const notGiftable = await buildItem(t, { gift_yn: 'N', sort: '0' });
    const offSale = await buildItem(t, { on_sale_yn: 'N', sort: '0' });

    const res = await panel(vodKey, viewer.cookie, 'en');
    expect(res.body.rslt_cd).toBe(0);
    const set = res.body.rslt_set;
    expect(set).toMatchObject({
      vod_key: vodKey,
      bj: { user_key: bj.userKey, id: bj.id, nick: bj.nick },
      star_cnt: 1234,
      cubic_cnt: 56,
      is_bj_yn: 'N',
      star_gift: { min: STAR_GIFT.min, max: STAR_GIFT.max, presets: [...STAR_GIFT.presets], message_max: STAR_GIFT.messageMax },
    });
    const sns = set.item_list.map((i) => i.item_sn);
    expect(sns).toContain(giftable.item_sn);
    expect(sns).not.toContain(notGiftable.item_sn);
    expect(sns).not.toContain(offSale.item_sn);
    expect(set.item_list.length).toBeLessThanOrEqual(GIFT_PANEL_ITEMS_MAX);
    expect(set.item_list.every((i) => i.gift_yn === 'Y' && i.on_sale_yn === 'Y')).toBe(true);
    // In the caller's language.
    expect(set.item_list.find((i) => i.item_sn === giftable.item_sn)?.name).toBe('Panel heart');
  });

  it('offers the BJ nothing in their own room', async () => {
    const bj = await buildBj(t);
    const vodKey = await liveRoom(t, bj.userKey);
    const res = await panel(vodKey, bj.cookie);
    expect(res.body.rslt_set).toMatchObject({ is_bj_yn: 'Y', item_list: [], bj: { user_key: bj.userKey } });
  });

  it('asks a guest to sign in; a missing, ended or frozen room is refused as a gift would be', async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t);
    expect((await panel(await liveRoom(t, bj.userKey))).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await panel('nosuchroom', viewer.cookie)).body.rslt_cd).toBe(ResultCode.BROADCAST_NOT_FOUND);
    expect((await panel(await liveRoom(t, bj.userKey, 'ended'), viewer.cookie)).body.rslt_cd).toBe(ResultCode.BROADCAST_ENDED);
    expect((await panel(await liveRoom(t, bj.userKey, 'frozen'), viewer.cookie)).body.rslt_cd).toBe(ResultCode.BROADCAST_FROZEN);
    const empty = await t.call(itemsEndpoints.giftPanel, { vod_key: '' }, { cookie: viewer.cookie, lang: 'en' });
    expect(empty.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'vod_key' } });
  });
});
