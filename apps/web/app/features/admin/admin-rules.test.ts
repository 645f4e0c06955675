import { ADMIN_PAGE_SIZE } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { auditDiff, kstDay, kstMinute, pageCount, pageOf, withPage } from './admin-rules';

describe('paging', () => {
  it('reads ?page= as a 1-based page and ignores anything else', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toEqual({ page: 3, offset: 2 * ADMIN_PAGE_SIZE });
    for (const bad of ['', 'page=0', 'page=-1', 'page=x', 'page=1.5']) expect(pageOf(new URLSearchParams(bad)).page).toBe(1);
  });

  it('keeps the filters when moving between pages', () => {
    const params = new URLSearchParams('state=paid&page=2');
    expect(withPage(params, 3)).toBe('?state=paid&page=3');
    expect(withPage(params, 1)).toBe('?state=paid');
    expect(pageCount(0)).toBe(1);
    expect(pageCount(ADMIN_PAGE_SIZE + 1)).toBe(2);
  });
});

describe('KST times', () => {
  it('writes the bank statement form and the day in Korean time', () => {
    const at = Date.UTC(2026, 10, 22, 15, 5); // 2026-11-23 00:05 KST
    expect(kstMinute(at)).toBe('2026-11-23 00:05');
    expect(kstDay(at)).toBe('2026-11-23');
  });
});

describe('auditDiff', () => {
  it('lists only what changed, in the order of the row after', () => {
    expect(auditDiff({ state: 'pending', price: 1000, txn_id: null }, { state: 'paid', price: 1000, txn_id: 42 })).toEqual([
      { key: 'state', before: 'pending', after: 'paid' },
      { key: 'txn_id', before: 'null', after: '42' },
    ]);
  });

  it('shows every field of a created row and fields that disappeared', () => {
    expect(auditDiff(null, { amount: 7 })).toEqual([{ key: 'amount', before: null, after: '7' }]);
    expect(auditDiff({ a: 1, gone: true }, { a: 1 })).toEqual([{ key: 'gone', before: 'true', after: null }]);
  });
});
