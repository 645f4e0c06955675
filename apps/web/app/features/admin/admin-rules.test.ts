import { ADMIN_PAGE_SIZE, AdminItemSaveSchema, type AdminStoreItem, ITEM_LIMITS } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { auditDiff, itemFormErrors, itemFormValues, itemSaveBody, kstDay, kstMinute, pageCount, pageOf, withPage } from './admin-rules';

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

describe('the item catalogue form', () => {
  const item: AdminStoreItem = {
    item_sn: 7,
    category: 'sticker',
    names: { ko: '하트', 'zh-CN': '爱心' },
    descriptions: { ko: '반짝이는 하트' },
    image_url: '/items/heart.svg',
    price: 300,
    validity_days: 30,
    uses_per_day: 5,
    refund_yn: 'N',
    gift_yn: 'Y',
    single_use_yn: 'Y',
    on_sale_yn: 'N',
    sort: 2,
  };

  it('fills an edit form from the saved item and sends back what the server saved, unchanged', () => {
    const values = itemFormValues(item);
    expect(values).toMatchObject({ name_ko: '하트', name_en: '', name_zh: '爱心', price: '300', uses_per_day: '5', on_sale_yn: 'N' });
    expect(itemFormErrors(values)).toEqual({});
    const body = itemSaveBody(7, values);
    expect(AdminItemSaveSchema.parse(body)).toMatchObject({ item_sn: 7, price: 300, single_use_yn: 'Y', refund_yn: 'N', sort: 2 });
    expect(itemSaveBody(null, values)).not.toHaveProperty('item_sn');
  });

  it('starts a new item on sale with unlimited uses, and names every field that is wrong at once', () => {
    const fresh = itemFormValues(null);
    expect(fresh).toMatchObject({ on_sale_yn: 'Y', uses_per_day: '0', sort: '0', category: 'effect' });
    expect(itemFormErrors(fresh)).toEqual({
      name_ko: { key: 'required' },
      price: { key: 'range', min: 1, max: ITEM_LIMITS.priceMax },
      validity_days: { key: 'range', min: 1, max: ITEM_LIMITS.validityDaysMax },
    });
    const bad = {
      ...itemFormValues(item),
      name_en: 'x'.repeat(ITEM_LIMITS.nameMax + 1),
      description_ja: 'y'.repeat(ITEM_LIMITS.descriptionMax + 1),
      price: '1.5',
      uses_per_day: '',
      sort: '-1',
      validity_days: String(ITEM_LIMITS.validityDaysMax + 1),
      category: 'poster',
    };
    expect(itemFormErrors(bad)).toEqual({
      name_en: { key: 'tooLong', max: ITEM_LIMITS.nameMax },
      description_ja: { key: 'tooLong', max: ITEM_LIMITS.descriptionMax },
      price: { key: 'range', min: 1, max: ITEM_LIMITS.priceMax },
      uses_per_day: { key: 'range', min: 0, max: ITEM_LIMITS.usesPerDayMax },
      sort: { key: 'range', min: 0, max: 100_000 },
      validity_days: { key: 'range', min: 1, max: ITEM_LIMITS.validityDaysMax },
      category: { key: 'choose' },
    });
  });
});
