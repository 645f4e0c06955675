import { CHAT_LIMITS } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import * as wsModule from 'ws';
import { Room, wsFrames, wsTextMessage } from './chat.room.js';
import { cleanText, LINK, parseFrame } from './chat.server.js';
import type { RoomContext } from './chat.types.js';

/** ws's frame parser (exported by ws, not declared by @types/ws). */
type FrameReader = { on(event: 'message', fn: (data: Buffer) => void): void; write(buf: Buffer): void };
const { Receiver } = wsModule as unknown as { Receiver: new (opts: { isServer: boolean }) => FrameReader };

/** Reads messages back with ws's own parser (as a client would). */
function decode(buf: Buffer): string[] {
  const out: string[] = [];
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data: Buffer) => out.push(data.toString()));
  receiver.write(buf);
  return out;
}

describe('the prepared WebSocket message', () => {
  it('frames short, 16-bit and 64-bit lengths as ws reads them', () => {
    for (const size of [0, 5, 125, 126, 1000, 65_535, 65_536, 200_000]) {
      const text = 'é'.repeat(Math.floor(size / 2)) + 'x'.repeat(size % 2);
      expect(decode(wsTextMessage(text))).toEqual([text]);
    }
  });

  it('sends one frame alone and several as one JSON array', () => {
    expect(decode(wsFrames(['{"a":1}']))).toEqual(['{"a":1}']);
    expect(JSON.parse(decode(wsFrames(['{"a":1}', '{"b":2}']))[0] as string)).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

describe('client frames', () => {
  const parse = (text: string) => parseFrame(Buffer.from(text), false);
  it('reads valid frames and answers the service of invalid ones when it is known', () => {
    expect(parse('{"service":"ROOM_MSG_SEND","param":{"m":"hi","plugins":{"T":0},"rid":3}}')).toMatchObject({ ok: true, rid: 3 });
    expect(parse('{"service":"ROOM_BYE"}')).toMatchObject({ ok: true, service: 'ROOM_BYE' });
    expect(parse('{"service":"ROOM_JOIN","param":{"us":"x"}}')).toEqual({ ok: false, service: 'ROOM_JOIN', rid: undefined });
    expect(parse('{"service":"ROOM_USER_LIST","param":5}')).toMatchObject({ ok: false, service: 'ROOM_USER_LIST' });
    expect(parse('nope')).toMatchObject({ ok: false, service: 'ROOM_MSG_SEND' });
    expect(parseFrame(Buffer.from('{}'), true)).toMatchObject({ ok: false });
    expect(parse(`{"service":"ROOM_BYE","param":{"x":"${'y'.repeat(CHAT_LIMITS.frameMaxBytes)}"}}`)).toMatchObject({ ok: false });
  });

  it('cleans text and finds links', () => {
    expect(cleanText(' a\u0000b\u001bc\u202e\u2066d\u0085 ')).toBe('abcd');
    for (const link of ['http://x.y', 'HTTPS://EXAMPLE.COM', 'www.byeol', 'naver.com', 'a.b.co.kr/path'])
      expect(LINK.test(link)).toBe(true);
    for (const text of ['hello world', 'ㅋㅋㅋ.ㅋㅋ', 'end. start', '3.14']) expect(LINK.test(text)).toBe(false);
  });
});

describe('room limits', () => {
  const ctx: RoomContext = {
    vk: 'v',
    bjUserKey: 1,
    bjOwnerUserKey: 0,
    title: '',
    tags: [],
    state: 'live',
    frozen: false,
    frozenAllow: [],
    hideUsers: [],
    countHidden: false,
    notice: null,
    pin: null,
    settings: {
      slow_sec: 0,
      banned_words: ['Bad', 'a.b'],
      links_yn: 'Y',
      user_list_public_yn: 'Y',
      sponsor_list_public_yn: 'Y',
      greeting: '',
    },
  };
  it('censors banned words case-insensitively and literally', () => {
    const room = new Room(ctx, { deliveries: 0, writes: 0, slowDropped: 0 });
    expect(room.censor('BAD bad a.b axb')).toBe('*** *** *** axb');
  });

  it('admits ratePerWindow messages per window, and one per slow-mode interval', () => {
    const room = new Room(ctx, { deliveries: 0, writes: 0, slowDropped: 0 });
    const t0 = 1_000_000;
    for (let i = 0; i < CHAT_LIMITS.ratePerWindow; i++) expect(room.admit(7, 0, t0 + i)).toBe(0);
    expect(room.admit(7, 0, t0 + 10)).toBe(Math.ceil((CHAT_LIMITS.rateWindowMs - 10) / 1000));
    expect(room.admit(7, 0, t0 + CHAT_LIMITS.rateWindowMs)).toBe(0);
    expect(room.admit(8, 10, t0)).toBe(0);
    expect(room.admit(8, 10, t0 + 2500)).toBe(8);
    expect(room.admit(8, 10, t0 + 10_000)).toBe(0);
  });
});
