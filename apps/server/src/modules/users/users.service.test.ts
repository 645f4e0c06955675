import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { uniqueViolation } from './users.repository.js';
import { checkNewPassword, hashPassword, verifyPassword } from './users.service.js';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hashed = await hashPassword('Byeol!pw7x');
    expect(hashed.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hashed, 'Byeol!pw7x')).toBe(true);
    expect(await verifyPassword(hashed, 'Byeol!pw7y')).toBe(false);
    expect(await verifyPassword('not a hash', 'Byeol!pw7x')).toBe(false);
  });

  it('names the first broken rule and lists them all', () => {
    const err = (() => {
      try {
        checkNewPassword('aaaa', 'aaaa', 'someone');
      } catch (e) {
        return e;
      }
    })() as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('PASSWORD_RULE');
    expect(err.params).toMatchObject({ rule: 'length', rules: ['length', 'kinds', 'repeat'] });
    expect(() => checkNewPassword('Byeol!pw7x', 'Byeol!pw7y', 'someone')).toThrow('PASSWORD_MISMATCH');
    expect(() => checkNewPassword('Byeol!pw7x', undefined, 'someone')).not.toThrow();
  });
});

describe('uniqueViolation', () => {
  it('maps the unique indexes of users, directly or wrapped by Drizzle', () => {
    expect(uniqueViolation({ code: '23505', constraint: 'users_id_key' })).toBe('id');
    expect(uniqueViolation({ cause: { code: '23505', constraint: 'users_nick_key' } })).toBe('nick');
    expect(uniqueViolation({ code: '23505', constraint: 'other' })).toBeNull();
    expect(uniqueViolation(new Error('x'))).toBeNull();
    expect(uniqueViolation(undefined)).toBeNull();
  });
});
