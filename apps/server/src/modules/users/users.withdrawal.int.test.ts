import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ResultCode,
  resultMessages,
  type UploadedFileInfo,
  type UserInfoSet,
  WITHDRAWAL_GRACE_DAYS,
  type WithdrawInfoSet,
} from '@byeol/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildAccount, buildMember, fromIp, type Member, sessionCookieOf, signedInAs, sql } from '../../testing/members.js';
import { SESSION_COOKIE } from './users.session.js';
import { purgeClosedAccounts, purgedNick } from './users.withdrawal.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-withdraw-'));
  t = await startTestApp({ env: { DATA_DIR: dataDir, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const purge = () => purgeClosedAccounts({ db: t.database.db, uploadsDir: path.join(dataDir, 'uploads') });
const withdraw = (cookie: string | null, body: Record<string, string>) =>
  t.post<{ rtv: string; restore_until: string }>('/v1/mypage/withdraw_proc', body, cookie ? { cookie } : {});
const info = (cookie: string) => t.get<UserInfoSet>('/v1/user/user_info', {}, { cookie });
const login = (m: Pick<Member, 'id' | 'passwd'>) => t.post('/v1/user/login_proc', { id: m.id, passwd: m.passwd }, { headers: fromIp() });
const restore = (m: Pick<Member, 'id' | 'passwd'>) =>
  t.post<{ rtv: string; user_key: number }>('/v1/user/restore_proc', { id: m.id, passwd: m.passwd }, { headers: fromIp() });
const check = (type: 'id' | 'nick', value: string) => t.post('/v1/user/user_check_proc', { check_type: type, value });
const userRow = async (m: Pick<Member, 'userKey'>) =>
  (
    await sql<Record<string, unknown>>(
      t,
      `select state, closed_at, purged_at, nick, phone_no, email, birth_date, sex, profile_image, state_memo, real_name, ci,
              (select count(*)::int from user_session s where s.user_key = u.user_key) sessions,
              (select count(*)::int from user_social s where s.user_key = u.user_key) socials,
              (select count(*)::int from upload_file f where f.user_key = u.user_key) uploads
         from users u where user_key = $1`,
      [m.userKey],
    )
  )[0];
const closedDaysAgo = (m: Pick<Member, 'userKey'>, days: number) =>
  sql(t, 'update users set closed_at = now() - make_interval(days => $2) where user_key = $1', [m.userKey, days]);

describe('withdrawal (/mypage/withdraw)', () => {
  it('needs the right password; a wrong one changes nothing', async () => {
    const me = await buildMember(t);
    expect((await t.get<WithdrawInfoSet>('/v1/mypage/withdraw_info', {}, { cookie: me.cookie })).body.rslt_set).toEqual({
      confirm_by: 'passwd',
      grace_days: WITHDRAWAL_GRACE_DAYS,
    });
    const wrong = await withdraw(me.cookie, { passwd: 'Wrong!pw7x' });
    expect(wrong.body).toEqual({
      rslt_cd: ResultCode.WITHDRAW_PASSWORD_WRONG,
      rslt_set: { field: 'passwd' },
      rslt_msg: resultMessages.WITHDRAW_PASSWORD_WRONG.ko,
    });
    const missing = await withdraw(me.cookie, {});
    expect(missing.body).toMatchObject({ rslt_cd: ResultCode.REQUIRED, rslt_set: { field: 'passwd' } });
    const garbage = await withdraw(me.cookie, { passwd: 'x'.repeat(65) });
    expect(garbage.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'passwd' } });
    expect(await userRow(me)).toMatchObject({ state: 'active', closed_at: null });
    expect((await info(me.cookie)).body.rslt_cd).toBe(0);
  });

  it('is for logged-in users only', async () => {
    const res = await withdraw(null, { passwd: 'Byeol!pw7x' });
    expect(res.body).toMatchObject({ rslt_cd: ResultCode.LOGIN_REQUIRED, rslt_msg: resultMessages.LOGIN_REQUIRED.ko });
    expect((await t.get('/v1/mypage/withdraw_info')).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
  });

  it('closes the account, ends every session, logs out; login answers ACCOUNT_CLOSED; the nickname stays reserved', async () => {
    const me = await buildMember(t);
    const otherBrowser = await signedInAs(t, me);
    const res = await withdraw(me.cookie, { passwd: me.passwd });
    expect(res.body.rslt_cd).toBe(0);
    const until = new Date(res.body.rslt_set.restore_until).getTime();
    expect(Math.abs(until - (Date.now() + WITHDRAWAL_GRACE_DAYS * 86_400_000))).toBeLessThan(60_000);
    // The caller's cookie is cleared.
    expect(res.response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBeDefined();

    expect(await userRow(me)).toMatchObject({ state: 'closed', sessions: 0, purged_at: null, nick: me.nick });
    for (const cookie of [me.cookie, otherBrowser]) expect((await info(cookie)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const again = await login(me);
    expect(again.body).toMatchObject({ rslt_cd: ResultCode.ACCOUNT_CLOSED, rslt_msg: resultMessages.ACCOUNT_CLOSED.ko });
    expect((await check('nick', me.nick)).body.rslt_cd).toBe(ResultCode.DUPLICATE_NICK);
    expect((await check('id', me.id)).body.rslt_cd).toBe(ResultCode.DUPLICATE_ID);
  });

  it('a closed account is restored with its ID and password within the grace period, and logged in', async () => {
    const me = await buildMember(t);
    await withdraw(me.cookie, { passwd: me.passwd });
    expect((await restore({ id: me.id, passwd: 'Wrong!pw7x' })).body.rslt_cd).toBe(ResultCode.LOGIN_FAILED);
    await closedDaysAgo(me, WITHDRAWAL_GRACE_DAYS - 1);
    const res = await restore(me);
    expect(res.body).toMatchObject({ rslt_cd: 0, rslt_set: { rtv: 'SUCC', user_key: me.userKey } });
    const cookie = sessionCookieOf(res);
    expect(cookie).not.toBeNull();
    expect((await info(cookie as string)).body.rslt_set.user_info?.nick).toBe(me.nick);
    expect(await userRow(me)).toMatchObject({ state: 'active', closed_at: null });
    expect((await login(me)).body.rslt_cd).toBe(0);
    // An active account has nothing to restore.
    expect((await restore(me)).body.rslt_cd).toBe(ResultCode.RESTORE_UNAVAILABLE);
  });

  it('after the grace period the purge frees the nickname and clears personal data; the ID stays taken; it can run again', async () => {
    const me = await buildMember(t, { email: 'purge-me@byeol.example' });
    // A profile image and a social link, which the purge must remove too.
    const png = new Uint8Array(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#39f' } })
        .png()
        .toBuffer(),
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const up = await t.post<UploadedFileInfo>('/v1/upload/upload_thum_ajax', form, { cookie: me.cookie });
    await t.post('/v1/user/user_update_proc', { temp_file_sn: up.body.rslt_set.temp_file_sn, state_memo: '안녕' }, { cookie: me.cookie });
    await sql(t, `insert into user_social (provider, subject, user_key) values ('google', $1, $2)`, [
      randomBytes(8).toString('hex'),
      me.userKey,
    ]);
    expect((await fetch(t.url + up.body.rslt_set.temp_file_path_nm)).status).toBe(200);

    await withdraw(me.cookie, { passwd: me.passwd });
    // Still within the grace period: nothing is purged.
    await closedDaysAgo(me, WITHDRAWAL_GRACE_DAYS - 1);
    await purge();
    expect(await userRow(me)).toMatchObject({ purged_at: null, nick: me.nick });

    await closedDaysAgo(me, WITHDRAWAL_GRACE_DAYS + 1);
    const first = await purge();
    expect(first.purged).toBeGreaterThanOrEqual(1);
    const row = await userRow(me);
    expect(row).toMatchObject({
      state: 'closed',
      nick: purgedNick(me.userKey),
      phone_no: '',
      email: '',
      birth_date: null,
      sex: '',
      profile_image: '',
      state_memo: '',
      real_name: '',
      ci: '',
      sessions: 0,
      socials: 0,
      uploads: 0,
    });
    expect(row?.purged_at).toBeInstanceOf(Date);
    expect((await fetch(t.url + up.body.rslt_set.temp_file_path_nm)).status).toBe(404);

    // The nickname is free, the ID is not; the login still says closed, and it cannot be restored.
    expect((await check('nick', me.nick)).body.rslt_cd).toBe(0);
    expect((await check('id', me.id)).body.rslt_cd).toBe(ResultCode.DUPLICATE_ID);
    expect((await login(me)).body.rslt_cd).toBe(ResultCode.ACCOUNT_CLOSED);
    const late = await restore(me);
    expect(late.body).toMatchObject({ rslt_cd: ResultCode.RESTORE_UNAVAILABLE, rslt_set: { num: WITHDRAWAL_GRACE_DAYS } });
    expect(late.body.rslt_msg).toBe(resultMessages.RESTORE_UNAVAILABLE.ko.replace('{num}', String(WITHDRAWAL_GRACE_DAYS)));

    // Idempotent: a second run changes nothing for it.
    const purgedAt = row?.purged_at;
    await purge();
    expect(await userRow(me)).toMatchObject({ purged_at: purgedAt, nick: purgedNick(me.userKey) });
    // Someone else may now take the nickname.
    const newcomer = await buildMember(t);
    const taken = await t.post('/v1/user/user_update_proc', { nick: me.nick }, { cookie: newcomer.cookie });
    expect(taken.body.rslt_cd).toBe(0);
  });

  it('an account without a password confirms by typing its nickname', async () => {
    const { userKey, nick, cookie } = await buildAccount(t);
    expect((await t.get<WithdrawInfoSet>('/v1/mypage/withdraw_info', {}, { cookie })).body.rslt_set.confirm_by).toBe('nick');
    const wrong = await withdraw(cookie, { confirm_nick: `${nick}x` });
    expect(wrong.body).toMatchObject({ rslt_cd: ResultCode.WITHDRAW_CONFIRM_MISMATCH, rslt_set: { field: 'confirm_nick' } });
    // A password is no way around it.
    expect((await withdraw(cookie, { passwd: 'anything' })).body).toMatchObject({
      rslt_cd: ResultCode.REQUIRED,
      rslt_set: { field: 'confirm_nick' },
    });
    expect((await info(cookie)).body.rslt_cd).toBe(0);
    expect((await withdraw(cookie, { confirm_nick: nick })).body.rslt_cd).toBe(0);
    expect((await info(cookie)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect(await userRow({ userKey })).toMatchObject({ state: 'closed' });
  });
});
