import { ResultCode, resultMessages, type SettingSet } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildMember, type Member, sql } from '../../testing/members.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const read = (member: Member | null) => t.get<SettingSet>('/v1/mypage/setting_info', {}, member ? { cookie: member.cookie } : {});
const change = (member: Member | null, body: Record<string, string>, lang?: 'en') =>
  t.post<SettingSet>('/v1/mypage/setting_proc', body, { ...(member ? { cookie: member.cookie } : {}), ...(lang ? { lang } : {}) });
const stored = async (member: Member) =>
  (await sql<{ settings: Record<string, boolean> }>(t, 'select settings from users where user_key = $1', [member.userKey]))[0]?.settings;

describe('/mypage/setting: adult broadcast, viewer count, translation', () => {
  it('starts with the defaults and keeps what is changed, one switch at a time', async () => {
    const me = await buildMember(t);
    expect((await read(me)).body).toEqual({
      rslt_cd: 0,
      rslt_set: { adult_broadcast_yn: 'N', viewer_count_yn: 'Y', translation_yn: 'N', adult_verified_yn: 'N' },
      rslt_msg: '성공',
    });
    const off = await change(me, { viewer_count_yn: 'N' });
    expect(off.body.rslt_set).toEqual({ adult_broadcast_yn: 'N', viewer_count_yn: 'N', translation_yn: 'N', adult_verified_yn: 'N' });
    await change(me, { translation_yn: 'Y' });
    expect((await read(me)).body.rslt_set).toMatchObject({ viewer_count_yn: 'N', translation_yn: 'Y' });
    expect(await stored(me)).toEqual({ adult_broadcast: false, viewer_count: false, translation: true });
    // Someone else's switches are untouched.
    const other = await buildMember(t);
    expect((await read(other)).body.rslt_set).toMatchObject({ viewer_count_yn: 'Y', translation_yn: 'N' });
  });

  it('turns adult broadcast on only for an adult-verified account (SPEC §5)', async () => {
    const me = await buildMember(t);
    const refused = await change(me, { adult_broadcast_yn: 'Y', translation_yn: 'Y' });
    expect(refused.body).toEqual({
      rslt_cd: ResultCode.ADULT_SETTING_NEEDS_VERIFY,
      rslt_set: { field: 'adult_broadcast_yn' },
      rslt_msg: resultMessages.ADULT_SETTING_NEEDS_VERIFY.ko,
    });
    // Nothing of the refused call was written, translation included.
    expect((await read(me)).body.rslt_set).toMatchObject({ adult_broadcast_yn: 'N', translation_yn: 'N' });
    // Turning it off needs nothing.
    expect((await change(me, { adult_broadcast_yn: 'N' })).body.rslt_cd).toBe(0);

    await sql(t, 'update users set adult_verified_at = now() where user_key = $1', [me.userKey]);
    expect((await read(me)).body.rslt_set.adult_verified_yn).toBe('Y');
    const on = await change(me, { adult_broadcast_yn: 'Y' });
    expect(on.body.rslt_set).toMatchObject({ adult_broadcast_yn: 'Y', adult_verified_yn: 'Y' });
    expect((await read(me)).body.rslt_set.adult_broadcast_yn).toBe('Y');
  });

  it('is for logged-in users only', async () => {
    for (const res of [await read(null), await change(null, { viewer_count_yn: 'N' }, 'en')]) {
      expect(res.status).toBe(200);
      expect(res.body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    }
    expect((await change(null, { viewer_count_yn: 'N' }, 'en')).body.rslt_msg).toBe('This is a login-required service.');
  });

  it('answers garbage with the field it names and changes nothing', async () => {
    const me = await buildMember(t);
    for (const [body, field] of [
      [{ viewer_count_yn: 'yes' }, 'viewer_count_yn'],
      [{ translation_yn: '' }, 'translation_yn'],
      [{ adult_broadcast_yn: 'Y'.repeat(5000) }, 'adult_broadcast_yn'],
    ] as const) {
      const res = await change(me, body);
      expect(res.body, JSON.stringify(body).slice(0, 40)).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field } });
    }
    // Unknown keys are ignored: an empty change answers the settings as they are.
    expect((await change(me, { settings: '{"adult_broadcast":true}' })).body.rslt_set.adult_broadcast_yn).toBe('N');
    expect(await stored(me)).toEqual({ adult_broadcast: false, viewer_count: true, translation: false });
  });
});
