import { describe, expect, it } from 'vitest';
import { defineCodes, mergeCodes } from './codes.js';
import {
  chatSticker,
  formatFileInfo,
  isEmail,
  isUrl,
  LANGS,
  livePlayVodKey,
  mayUseSticker,
  parseFileInfo,
  ResultCode,
  resolveHeadMeta,
  resolveLang,
  resultCodeName,
  resultMessage,
  resultMessages,
  validateEmail,
  validateUrl,
} from './index.js';

describe('stickers (12)', () => {
  it('gives fan-only stickers to fans (gift or fan club number) and moderators, the others to everyone', () => {
    const lightstick = chatSticker('lightstick');
    const heart = chatSticker('heart');
    if (!lightstick || !heart) throw new Error('the shipped stickers changed');
    const viewer = { is_fan: 0 as const };
    expect(mayUseSticker(heart, viewer, false)).toBe(true);
    expect(mayUseSticker(heart, null, false)).toBe(true);
    expect(mayUseSticker(lightstick, viewer, false)).toBe(false);
    expect(mayUseSticker(lightstick, null, false)).toBe(false);
    expect(mayUseSticker(lightstick, { is_fan: 1 }, false)).toBe(true);
    expect(mayUseSticker(lightstick, { fan_no: 12 }, false)).toBe(true);
    expect(mayUseSticker(lightstick, viewer, true)).toBe(true);
    expect(chatSticker('nope')).toBeUndefined();
  });
});

describe('live-play pattern (SPEC §2)', () => {
  it('finds the vod_key with and without the concert prefix', () => {
    expect(livePlayVodKey('/play/abc123')).toBe('abc123');
    expect(livePlayVodKey('/concert/7/play/abc123')).toBe('abc123');
    expect(livePlayVodKey('/play/abc123/effects')).toBeNull();
    expect(livePlayVodKey('/vod/abc123')).toBeNull();
    expect(livePlayVodKey('/xplay/abc')).toBeNull();
  });
});

describe('validators (SPEC §5)', () => {
  it('accepts top-level domains of 2 to 24 letters only', () => {
    expect(isEmail('fan@byeol.kr')).toBe(true);
    expect(isEmail(`fan@byeol.${'a'.repeat(24)}`)).toBe(true);
    expect(isEmail(`fan@byeol.${'a'.repeat(25)}`)).toBe(false);
    expect(isEmail('fan@byeol.k')).toBe(false);
    expect(isEmail('fan@@byeol.kr')).toBe(false);
    expect(isEmail('fan..x@byeol.kr')).toBe(false);
    expect(validateEmail('nope')).toBe('Invalid email address');
    expect(validateEmail('a@b.co')).toBeNull();
  });
  it('accepts http(s) URLs with a host of 1 to 256 characters', () => {
    expect(isUrl('https://byeol.kr/live')).toBe(true);
    expect(isUrl('ftp://byeol.kr')).toBe(false);
    expect(isUrl('not a url')).toBe(false);
    expect(validateUrl('javascript:alert(1)')).toBe('Invalid URL');
    expect(validateUrl('http://a')).toBeNull();
  });
  it('splits the crop fileInfo on || into the file-info fields', () => {
    const info = parseFileInfo('12||/tmp/up||face.png||1||image||insert||key9');
    expect(info).toEqual({
      temp_file_sn: '12',
      temp_file_path_nm: '/tmp/up',
      temp_file_nm: 'face.png',
      temp_fileSelect_no: '1',
      temp_type: 'image',
      temp_insert_mode: 'insert',
      temp_comm_key: 'key9',
    });
    expect(formatFileInfo(info)).toBe('12||/tmp/up||face.png||1||image||insert||key9');
    expect(parseFileInfo('3').temp_comm_key).toBe('');
  });
});

describe('languages', () => {
  it('falls back to ko for anything unsupported', () => {
    expect(resolveLang('ja')).toBe('ja');
    expect(resolveLang('zh-CN')).toBe('zh-CN');
    expect(resolveLang('zh')).toBe('ko');
    expect(resolveLang('fr')).toBe('ko');
    expect(resolveLang(undefined)).toBe('ko');
  });
});

describe('result-code catalogue', () => {
  it('has a distinct code and a message in every language for every entry', () => {
    const codes = Object.values(ResultCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const name of Object.keys(ResultCode) as (keyof typeof ResultCode)[]) {
      for (const lang of LANGS) expect(resultMessages[name][lang], `${name}/${lang}`).not.toBe('');
      expect(resultCodeName(ResultCode[name])).toBe(name);
    }
  });
  it('fills placeholders', () => {
    expect(resultMessage('RATE_LIMITED', 'ko', { num: 5 })).toBe('5분 후에 다시 시도해 주세요.');
    expect(resultMessage('INVALID_INPUT', 'en', { field: 'nick' })).toBe('Invalid value: Nickname');
    expect(resultMessage('LOGIN_REQUIRED', 'en')).toBe('This is a login-required service.');
  });
  it('writes numbers with their separators, as the pages do', () => {
    expect(resultMessage('MISSION_PLEDGE_MIN', 'en', { min: 1_000 })).toBe('Missions in this room take at least 1,000 STAR.');
    expect(resultMessage('MISSION_PLEDGE_MIN', 'ja', { min: 30_000 })).toContain('30,000');
    // A value given as text is kept as it is.
    expect(resultMessage('MISSION_PLEDGE_MIN', 'en', { min: '1000' })).toBe('Missions in this room take at least 1000 STAR.');
  });
  it('keeps each domain to its own ranges, names and numbers', () => {
    const msg = { ko: '가', en: 'a', ja: 'あ', 'zh-CN': '甲' };
    const chat = defineCodes('chat', [[6200, 6299]], { CHAT_X: { code: 6201, ...msg } });
    expect(Object.keys(mergeCodes([chat, defineCodes('fans', [[8000, 8099]], { FAN_X: { code: 8001, ...msg } })]))).toEqual([
      'CHAT_X',
      'FAN_X',
    ]);
    expect(() => mergeCodes([chat, defineCodes('fans', [[6250, 6350]], {})])).toThrow('fans 6250-6350 overlaps chat 6200-6299');
    expect(() => mergeCodes([defineCodes('fans', [[8000, 8099]], { FAN_X: { code: 8100, ...msg } })])).toThrow(
      "FAN_X (8100) is outside fans's ranges",
    );
    expect(() =>
      mergeCodes([defineCodes('fans', [[8000, 8099]], { FAN_X: { code: 8001, ...msg }, FAN_Y: { code: 8001, ...msg } })]),
    ).toThrow('8001 is both FAN_X and FAN_Y');
    expect(() => mergeCodes([chat, defineCodes('fans', [[8000, 8099]], { CHAT_X: { code: 8001, ...msg } })])).toThrow(
      'CHAT_X is declared by chat and fans',
    );
  });
});

describe('page head (SPEC §2)', () => {
  const site = { title: 'Site', description: 'Desc', keywords: 'k', og_image: '/og.png', twitter_image: '/tw.png', thumbnail: '' };
  const pages = [
    { request_url: '/sub', meta_title: 'Sub', meta_description: '', meta_keyword: '' },
    { request_url: '/sub/live', meta_title: 'Live', meta_description: 'Live now', meta_keyword: 'live' },
  ];
  it('takes the most specific entry and fills gaps from the site', () => {
    expect(resolveHeadMeta(site, pages, '/sub/live').title).toBe('Live');
    expect(resolveHeadMeta(site, pages, '/sub/live/').description).toBe('Live now');
    expect(resolveHeadMeta(site, pages, '/sub/ranking').title).toBe('Sub');
    expect(resolveHeadMeta(site, pages, '/sub/ranking').description).toBe('Desc');
    expect(resolveHeadMeta(site, pages, '/subway').title).toBe('Site');
    expect(resolveHeadMeta(site, pages, '/').og_image).toBe('/og.png');
  });
});
