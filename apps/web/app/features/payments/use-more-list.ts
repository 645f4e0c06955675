import type { ListSet } from '@byeol/contract';
import { useState } from 'react';
import { type Answer, isOk } from '../../lib/answer';
import { appendPage, hasMore } from '../../lib/paging';
import { useLoginRequired } from '../../lib/use-login-required';

/**
 * A list paged with "more": the loader's first page (`initial`; null when it failed), then `load(offset)` on
 * each press, appended without repeating a row already shown (`keyOf`). `busy` while a page is loading;
 * `error` is the refusal's message (or `fallback`), shown by the "more" button. LOGIN_REQUIRED reloads the
 * page's data (the sign-in gate shows). `replace` puts a changed row in place.
 */
export function useMoreList<T>(
  initial: ListSet<T> | null,
  load: (offset: number) => Promise<Answer<ListSet<T>>>,
  keyOf: (row: T) => string | number,
  fallback: string,
) {
  const loginRequired = useLoginRequired();
  const [rows, setRows] = useState(initial?.data_list ?? []);
  const [total, setTotal] = useState(initial?.data_totalcount ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function more() {
    setBusy(true);
    setError('');
    const res = await load(rows.length);
    setBusy(false);
    if (!isOk(res)) {
      if (!loginRequired(res)) setError(res.rslt_msg || fallback);
      return;
    }
    setRows((shown) => appendPage(shown, res.rslt_set.data_list, keyOf));
    setTotal(res.rslt_set.data_totalcount);
  }

  const replace = (next: T) => setRows((shown) => shown.map((row) => (keyOf(row) === keyOf(next) ? next : row)));

  return { rows, more: () => void more(), busy, error, hasMore: hasMore(rows.length, total), replace };
}
