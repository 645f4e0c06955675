import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, stepAt } from './users.totp.js';

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1, key "12345678901234567890", 8 digits there: the last 6 digits here.
  const key = Buffer.from('12345678901234567890');
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('gives the RFC test vector at %i s', (seconds, code) => {
    expect(hotp(key, stepAt(seconds * 1000))).toBe(code);
  });

  it('round-trips base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb-oi').toString()).toBe('foobar');
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts the step before and after, never a used or older step, never a malformed code', () => {
    const secret = base32Encode(key);
    const now = 1111111111_000;
    const step = stepAt(now);
    expect(matchTotp(secret, hotp(key, step), now)).toBe(step);
    expect(matchTotp(secret, hotp(key, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, hotp(key, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, hotp(key, step - 2), now)).toBeNull();
    expect(matchTotp(secret, hotp(key, step), now, step)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
    expect(matchTotp(secret, '12345a', now)).toBeNull();
  });

  it('writes an otpauth URI authenticator apps read', () => {
    expect(otpauthUri('MZXW6YTBOI', 'ops01', '별')).toBe(
      'otpauth://totp/%EB%B3%84%3Aops01?secret=MZXW6YTBOI&issuer=%EB%B3%84&algorithm=SHA1&digits=6&period=30',
    );
  });
});
