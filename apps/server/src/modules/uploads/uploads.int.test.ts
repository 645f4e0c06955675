import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  channelsEndpoints,
  FILE_INFO_FIELDS,
  FILES_PATH,
  IMAGE_UPLOAD_MAX_BYTES,
  PROFILE_IMAGE_SIZE,
  ResultCode,
  resultMessages,
  UPLOAD_SIZES,
  type UploadedFileInfo,
  type UserInfo,
  type UserInfoSet,
} from '@byeol/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildAccount, buildMember, type Member, sql } from '../../testing/members.js';
import { cleanupUploads } from './uploads.service.js';

let t: TestApp;
let dataDir: string;
let uploadsDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-uploads-'));
  uploadsDir = path.join(dataDir, 'uploads');
  t = await startTestApp({ env: { DATA_DIR: dataDir, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A real photo-like image with EXIF metadata (which must not survive the upload). */
async function photo(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 800, height = 600): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 120 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="300" cy="200" r="150" fill="#fff"/></svg>`) }])
    .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

function form(bytes: Uint8Array, name: string, type: string, extra: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(extra)) f.append(k, v);
  f.append('file', new Blob([bytes], { type }), name);
  return f;
}

const upload = (member: Member | null, body: FormData) =>
  t.post<UploadedFileInfo>('/v1/upload/upload_thum_ajax', body, member ? { cookie: member.cookie } : {});
const save = (member: Member, body: Record<string, string>) =>
  t.post<{ rtv: string; user_info: UserInfo }>('/v1/user/user_update_proc', body, { cookie: member.cookie });
const rowsOf = (member: Member) =>
  sql<{ file_sn: string; state: string; path: string }>(
    t,
    'select file_sn, state, path from upload_file where user_key = $1 order by file_sn',
    [member.userKey],
  );
const fetchFile = (url: string) => fetch(t.url + url);
/** How many files the uploads folder holds. */
async function storedFiles(): Promise<number> {
  if (!existsSync(uploadsDir)) return 0;
  return (await readdir(uploadsDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

describe('POST /upload/upload_thum_ajax', () => {
  it('takes a JPEG, PNG, WebP or GIF by its content and stores a metadata-free square WebP', async () => {
    const me = await buildMember(t);
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      // The name says .txt: the content decides.
      const res = await upload(me, form(await photo(format), `내 사진.${format === 'jpeg' ? 'txt' : format}`, 'application/octet-stream'));
      expect(res.body.rslt_cd, `${format}: ${res.body.rslt_msg}`).toBe(0);
      const info = res.body.rslt_set;
      // SPEC §3 file info, plus the fields the SPEC leaves empty.
      expect(Object.keys(info).sort()).toEqual(
        [...FILE_INFO_FIELDS, 'sort', 'folder', 'table', 'field', 'file_thumb', 'country_cd'].sort(),
      );
      expect(info).toMatchObject({ temp_type: 'profile', temp_fileSelect_no: '1', sort: '', folder: '', country_cd: '' });
      expect(info.temp_file_path_nm).toMatch(new RegExp(`^${FILES_PATH}/profile/\\d{4}/\\d{2}/[0-9a-f]{32}\\.webp$`));
      expect(info.temp_file_path_nm.endsWith(info.temp_file_nm)).toBe(true);

      const served = await fetchFile(info.temp_file_path_nm);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toContain('max-age=31536000');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: PROFILE_IMAGE_SIZE, height: PROFILE_IMAGE_SIZE });
      expect(meta.exif).toBeUndefined();
    }
    const rows = await rowsOf(me);
    expect(rows.map((r) => r.state)).toEqual(['temp', 'temp', 'temp', 'temp']);
  });

  it('echoes fileSelect_no and comm_key as temp_fileSelect_no and temp_comm_key', async () => {
    const me = await buildMember(t);
    const res = await upload(me, form(await photo('png'), 'a.png', 'image/png', { fileSelect_no: '2', comm_key: 'avatar-1' }));
    expect(res.body.rslt_set).toMatchObject({ temp_fileSelect_no: '2', temp_comm_key: 'avatar-1' });
  });

  it('refuses a fake or broken image with SPEC §8 "image upload failed, try again" and keeps nothing', async () => {
    const me = await buildMember(t);
    const before = await storedFiles();
    const real = await photo('png');
    const fakes: [string, Uint8Array, string][] = [
      ['text named .jpg', new TextEncoder().encode('<?php echo "not an image"; ?>'), 'image/jpeg'],
      ['PNG cut in half', real.slice(0, Math.floor(real.length / 2)), 'image/png'],
      ['SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml'],
      ['empty', new Uint8Array(0), 'image/png'],
    ];
    for (const [what, bytes, type] of fakes) {
      const res = await upload(me, form(bytes, 'photo.jpg', type));
      expect(res.status, what).toBe(200);
      expect(res.body, what).toEqual({
        rslt_cd: ResultCode.IMAGE_UPLOAD_FAILED,
        rslt_set: { field: 'file' },
        rslt_msg: resultMessages.IMAGE_UPLOAD_FAILED.ko,
      });
    }
    expect(await rowsOf(me)).toEqual([]);
    expect(await storedFiles()).toBe(before);
  });

  it('refuses a board attachment by its content: a text file named .png and sent as image/png keeps nothing', async () => {
    const me = await buildMember(t);
    const before = await storedFiles();
    const text = new TextEncoder().encode('게시판에 올리는 글 파일입니다.\nnot an image at all\n');
    const res = await upload(me, form(text, 'stage.png', 'image/png', { purpose: 'board' }));
    expect(res.body).toEqual({
      rslt_cd: ResultCode.IMAGE_UPLOAD_FAILED,
      rslt_set: { field: 'file' },
      rslt_msg: resultMessages.IMAGE_UPLOAD_FAILED.ko,
    });
    expect(await rowsOf(me)).toEqual([]);
    expect(await storedFiles()).toBe(before);
    // The same purpose takes a real PNG (the refusal was the content, not the purpose or the name).
    const real = await upload(me, form(await photo('png'), 'stage.png', 'image/png', { purpose: 'board' }));
    expect(real.body).toMatchObject({ rslt_cd: 0, rslt_set: { temp_type: 'board' } });
  });

  it(`refuses an image over ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`, async () => {
    const me = await buildMember(t);
    const res = await upload(me, form(new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1), 'huge.png', 'image/png'));
    expect(res.body).toMatchObject({ rslt_cd: ResultCode.IMAGE_TOO_LARGE, rslt_set: { field: 'file', num: 10 } });
    expect(res.body.rslt_msg).toBe('이미지는 10MB 이하만 올릴 수 있습니다.');
    expect(await rowsOf(me)).toEqual([]);
  });

  it('is for logged-in users only, and answers garbage with a clear envelope', async () => {
    const anonymous = await upload(null, form(await photo('png'), 'a.png', 'image/png'));
    expect(anonymous.body).toMatchObject({ rslt_cd: ResultCode.LOGIN_REQUIRED, rslt_msg: resultMessages.LOGIN_REQUIRED.ko });

    const me = await buildMember(t);
    const noFile = await t.post('/v1/upload/upload_thum_ajax', { file: 'hello' }, { cookie: me.cookie });
    expect(noFile.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'file' } });
    const missing = await t.post('/v1/upload/upload_thum_ajax', new FormData(), { cookie: me.cookie });
    expect(missing.body).toMatchObject({ rslt_cd: ResultCode.REQUIRED, rslt_set: { field: 'file' } });
    const badPurpose = await upload(me, form(await photo('png'), 'a.png', 'image/png', { purpose: '../../etc' }));
    expect(badPurpose.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'purpose' } });
    expect(await rowsOf(me)).toEqual([]);
  });
});

describe('saving the profile image with user_update_proc', () => {
  it('makes the uploaded file the profile image, and removes the previous one', async () => {
    const me = await buildMember(t);
    const first = (await upload(me, form(await photo('jpeg'), 'a.jpg', 'image/jpeg'))).body.rslt_set;
    const saved = await save(me, { temp_file_sn: first.temp_file_sn, state_memo: '새 사진!' });
    expect(saved.body.rslt_cd).toBe(0);
    expect(saved.body.rslt_set.user_info).toMatchObject({ profile_image: first.temp_file_path_nm, state_memo: '새 사진!' });
    const info = await t.get<UserInfoSet>('/v1/user/user_info', {}, { cookie: me.cookie });
    expect(info.body.rslt_set.user_info?.profile_image).toBe(first.temp_file_path_nm);

    // Saving the same file again: it is no longer a temporary upload.
    const again = await save(me, { temp_file_sn: first.temp_file_sn });
    expect(again.body).toMatchObject({ rslt_cd: ResultCode.UPLOAD_NOT_FOUND, rslt_set: { field: 'temp_file_sn' } });

    const second = (await upload(me, form(await photo('png'), 'b.png', 'image/png'))).body.rslt_set;
    expect((await save(me, { temp_file_sn: second.temp_file_sn })).body.rslt_set.user_info.profile_image).toBe(second.temp_file_path_nm);
    expect((await fetchFile(second.temp_file_path_nm)).status).toBe(200);
    expect((await fetchFile(first.temp_file_path_nm)).status).toBe(404);
    expect((await rowsOf(me)).map((r) => r.state)).toEqual(['deleted', 'used']);
  });

  it("refuses someone else's file and changes nothing of either account", async () => {
    const owner = await buildMember(t);
    const thief = await buildMember(t);
    const file = (await upload(owner, form(await photo('png'), 'mine.png', 'image/png'))).body.rslt_set;
    const res = await save(thief, { temp_file_sn: file.temp_file_sn, state_memo: 'stolen' });
    expect(res.body).toMatchObject({ rslt_cd: ResultCode.UPLOAD_NOT_FOUND, rslt_msg: resultMessages.UPLOAD_NOT_FOUND.ko });
    const thiefInfo = await t.get<UserInfoSet>('/v1/user/user_info', {}, { cookie: thief.cookie });
    expect(thiefInfo.body.rslt_set.user_info).toMatchObject({ profile_image: '', state_memo: '' });
    expect((await rowsOf(owner)).map((r) => r.state)).toEqual(['temp']);

    for (const garbage of ['0', '-1', 'abc', '1e400', '99999999999']) {
      const bad = await save(thief, { temp_file_sn: garbage });
      expect([ResultCode.INVALID_INPUT, ResultCode.UPLOAD_NOT_FOUND], garbage).toContain(bad.body.rslt_cd);
    }
    expect((await t.get<UserInfoSet>('/v1/user/user_info', {}, { cookie: thief.cookie })).body.rslt_set.user_info?.profile_image).toBe('');
  });
});

describe('GET /files/…', () => {
  it('serves only names the upload generated: no traversal, nothing else', async () => {
    for (const probe of [
      `${FILES_PATH}/%2e%2e/%2e%2e/etc/passwd`,
      `${FILES_PATH}/..%2f..%2fpackage.json`,
      `${FILES_PATH}/profile/2026/01/${'0'.repeat(32)}.webp`,
      `${FILES_PATH}/profile/2026/01/${'0'.repeat(32)}.svg`,
      `${FILES_PATH}/`,
    ]) {
      const res = await fetchFile(probe);
      expect(res.status, probe).toBe(404);
    }
  });
});

describe('cleanup of unclaimed uploads', () => {
  it('removes temporary uploads older than a day, keeps used and recent ones, and can run again', async () => {
    const me = await buildMember(t);
    const old = (await upload(me, form(await photo('png'), 'old.png', 'image/png'))).body.rslt_set;
    const recent = (await upload(me, form(await photo('png'), 'new.png', 'image/png'))).body.rslt_set;
    const used = (await upload(me, form(await photo('png'), 'used.png', 'image/png'))).body.rslt_set;
    await save(me, { temp_file_sn: used.temp_file_sn });
    await sql(t, "update upload_file set created_at = now() - interval '25 hours' where file_sn = any($1::bigint[])", [
      [old.temp_file_sn, used.temp_file_sn],
    ]);

    await cleanupUploads({ db: t.database.db, uploadsDir });
    expect((await rowsOf(me)).map((r) => r.file_sn)).toEqual([recent.temp_file_sn, used.temp_file_sn]);
    expect((await fetchFile(old.temp_file_path_nm)).status).toBe(404);
    expect((await fetchFile(recent.temp_file_path_nm)).status).toBe(200);
    expect((await fetchFile(used.temp_file_path_nm)).status).toBe(200);

    await cleanupUploads({ db: t.database.db, uploadsDir });
    expect((await rowsOf(me)).map((r) => r.file_sn)).toEqual([recent.temp_file_sn, used.temp_file_sn]);
    // The old file cannot be saved any more.
    expect((await save(me, { temp_file_sn: old.temp_file_sn })).body.rslt_cd).toBe(ResultCode.UPLOAD_NOT_FOUND);
  });
});

describe('the channel banner and main image (issue 17)', () => {
  it('stores each at its purpose’s size, shows it on the channel head, replaces and removes it, and refuses another account’s file', async () => {
    const bj = (await buildAccount(t, { typeCd: 'bj', role: 'bj' })) as unknown as Member;
    const head = async () => (await t.call(channelsEndpoints.info, { id: (bj as unknown as { id: string }).id })).body.rslt_set.images;
    expect(await head()).toEqual({ banner_image: '', main_image: '' });

    const banner = await upload(bj, form(await photo('jpeg', 2400, 900), 'banner.jpg', 'image/jpeg', { purpose: 'channel_banner' }));
    expect(banner.body.rslt_cd).toBe(0);
    const stored = await sharp(Buffer.from(await (await fetchFile(banner.body.rslt_set.temp_file_path_nm)).arrayBuffer())).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual([
      'webp',
      UPLOAD_SIZES.channel_banner.width,
      UPLOAD_SIZES.channel_banner.height,
    ]);
    // An upload of another purpose is not a banner.
    const square = await upload(bj, form(await photo('png'), 'me.png', 'image/png'));
    const wrong = await t.call(
      channelsEndpoints.imageProc,
      { kind: 'banner', temp_file_sn: square.body.rslt_set.temp_file_sn },
      { cookie: bj.cookie },
    );
    expect(wrong.body.rslt_cd).toBe(ResultCode.UPLOAD_NOT_FOUND);

    const set = await t.call(
      channelsEndpoints.imageProc,
      { kind: 'banner', temp_file_sn: banner.body.rslt_set.temp_file_sn },
      { cookie: bj.cookie },
    );
    expect(set.body.rslt_set).toEqual({ banner_image: banner.body.rslt_set.temp_file_path_nm, main_image: '' });
    await expect.poll(head).toEqual({ banner_image: banner.body.rslt_set.temp_file_path_nm, main_image: '' });

    const main = await upload(bj, form(await photo('webp', 1920, 1080), 'main.webp', 'image/webp', { purpose: 'channel_main' }));
    const mainMeta = await sharp(Buffer.from(await (await fetchFile(main.body.rslt_set.temp_file_path_nm)).arrayBuffer())).metadata();
    expect([mainMeta.width, mainMeta.height]).toEqual([UPLOAD_SIZES.channel_main.width, UPLOAD_SIZES.channel_main.height]);
    await t.call(channelsEndpoints.imageProc, { kind: 'main', temp_file_sn: main.body.rslt_set.temp_file_sn }, { cookie: bj.cookie });

    // A new banner replaces the old one, whose file is gone; 0 removes the banner.
    const banner2 = await upload(bj, form(await photo('png', 1600, 400), 'b2.png', 'image/png', { purpose: 'channel_banner' }));
    await t.call(channelsEndpoints.imageProc, { kind: 'banner', temp_file_sn: banner2.body.rslt_set.temp_file_sn }, { cookie: bj.cookie });
    expect((await fetchFile(banner.body.rslt_set.temp_file_path_nm)).status).toBe(404);
    const removed = await t.call(channelsEndpoints.imageProc, { kind: 'banner', temp_file_sn: '0' }, { cookie: bj.cookie });
    expect(removed.body.rslt_set).toEqual({ banner_image: '', main_image: main.body.rslt_set.temp_file_path_nm });
    expect((await fetchFile(banner2.body.rslt_set.temp_file_path_nm)).status).toBe(404);

    // Another BJ cannot claim this BJ's upload; a viewer account has no channel to decorate.
    const mine = await upload(bj, form(await photo('png', 1600, 400), 'b3.png', 'image/png', { purpose: 'channel_banner' }));
    const other = await buildAccount(t, { typeCd: 'bj', role: 'bj' });
    const stolen = await t.call(
      channelsEndpoints.imageProc,
      { kind: 'banner', temp_file_sn: mine.body.rslt_set.temp_file_sn },
      { cookie: other.cookie },
    );
    expect(stolen.body.rslt_cd).toBe(ResultCode.UPLOAD_NOT_FOUND);
    const viewer = await buildAccount(t);
    const notBj = await upload(
      viewer as unknown as Member,
      form(await photo('png', 1600, 400), 'x.png', 'image/png', { purpose: 'channel_banner' }),
    );
    expect(notBj.body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await t.call(channelsEndpoints.imageProc, { kind: 'main', temp_file_sn: '0' }, { cookie: viewer.cookie })).body.rslt_cd).toBe(
      ResultCode.FORBIDDEN,
    );
  });
});
