import { ResultCode } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { ActionKey, keepsActionKey, newActionKey } from './action-key';

describe('one idempotency key per user action', () => {
  it('makes a new key each time', () => {
    const a = newActionKey();
    expect(a).toMatch(/^[A-Za-z0-9_.:-]{8,64}$/);
    expect(newActionKey()).not.toBe(a);
  });

  it('keeps the key only while the action is undecided', () => {
    expect(keepsActionKey(-1)).toBe(true);
    expect(keepsActionKey(ResultCode.WALLET_BUSY)).toBe(true);
    expect(keepsActionKey(0)).toBe(false);
    expect(keepsActionKey(ResultCode.WALLET_INSUFFICIENT)).toBe(false);
  });

  it('reuses the key on a retry, and takes a new one after an answer or a change', () => {
    const key = new ActionKey();
    const first = key.take();
    expect(key.take()).toBe(first);
    expect(key.answered(-1)).toBe(true);
    expect(key.take()).toBe(first);
    expect(key.answered(0)).toBe(false);
    const second = key.take();
    expect(second).not.toBe(first);
    key.reset();
    expect(key.take()).not.toBe(second);
  });
});
