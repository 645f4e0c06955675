import { describe, expect, it } from 'vitest';
import { appendPage, hasMore } from './paging';

describe('lists loaded by "more"', () => {
  it('appends a page without doubles and knows when there is more', () => {
    const shown = [{ id: 1 }, { id: 2 }];
    expect(appendPage(shown, [{ id: 2 }, { id: 3 }], (x) => x.id)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(hasMore(2, 3)).toBe(true);
    expect(hasMore(3, 3)).toBe(false);
  });
});
