import { describe, expect, it } from 'vitest';
import { signMediaToken, verifyMediaToken } from './media-token.js';

const SECRET = 'a-secret-of-sixteen-or-more';

describe('media tokens', () => {
  it('verify their own claims until they expire', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const token = signMediaToken(SECRET, { vk: 'abc_12-x', uk: 42, exp: now / 1000 + 600 });
    expect(verifyMediaToken(SECRET, token, now)).toEqual({ vk: 'abc_12-x', uk: 42, exp: now / 1000 + 600 });
    expect(verifyMediaToken(SECRET, token, now + 600_000)).toBeNull();
  });

  it('refuse another secret, a changed body or signature, and junk', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = signMediaToken(SECRET, { vk: 'room', uk: 7, exp });
    expect(verifyMediaToken('another-secret-of-sixteen', token)).toBeNull();
    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(`room.8.${exp}`).toString('base64url');
    expect(verifyMediaToken(SECRET, `${forged}.${mac}`)).toBeNull();
    // Another first character always changes the signature's first six bits (replacing the last two with a
    // fixed 'AA' left it unchanged about once in a thousand tokens).
    expect(verifyMediaToken(SECRET, `${body}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`)).toBeNull();
    for (const junk of [undefined, 3, '', '.', 'a.b.c', 'x'.repeat(400)]) expect(verifyMediaToken(SECRET, junk)).toBeNull();
  });
});
