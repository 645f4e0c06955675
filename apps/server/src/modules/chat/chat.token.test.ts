import { describe, expect, it } from 'vitest';
import { type ChatTokenClaims, signChatToken, verifyChatToken } from './chat.token.js';

const SECRET = 'a-test-chat-token-secret';
const claims = (over: Partial<ChatTokenClaims> = {}): ChatTokenClaims => ({
  v: 1,
  vk: 'room1',
  uk: 42,
  id: 'fan42',
  nick: '팬42',
  gid: '',
  op: 0,
  ow: 0,
  lg: 'ko',
  exp: Math.floor(Date.now() / 1000) + 60,
  ...over,
});

describe('chat token', () => {
  it('round-trips the claims of a genuine token', () => {
    const c = claims();
    expect(verifyChatToken(SECRET, signChatToken(SECRET, c))).toEqual(c);
  });

  it('refuses a token signed with another key, an edited body, or an expired one', () => {
    expect(verifyChatToken('another-key-entirely', signChatToken(SECRET, claims()))).toBeNull();
    const [body, mac] = signChatToken(SECRET, claims()).split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(claims({ uk: 1 }))).toString('base64url');
    expect(verifyChatToken(SECRET, `${forged}.${mac}`)).toBeNull();
    expect(verifyChatToken(SECRET, `${body}.${mac}x`)).toBeNull();
    expect(verifyChatToken(SECRET, signChatToken(SECRET, claims({ exp: Math.floor(Date.now() / 1000) - 1 })))).toBeNull();
  });

  it('refuses garbage of every shape without throwing', () => {
    for (const bad of [undefined, null, 42, '', '.', 'a.b.c', 'abc', '{}', 'x'.repeat(5000), { us: 1 }]) {
      expect(verifyChatToken(SECRET, bad)).toBeNull();
    }
    // A correctly signed body that is not the claims format.
    const body = Buffer.from(JSON.stringify({ v: 1, vk: 'r', uk: -5 })).toString('base64url');
    const signed = signChatToken(SECRET, claims()).split('.')[1];
    expect(verifyChatToken(SECRET, `${body}.${signed}`)).toBeNull();
  });
});
