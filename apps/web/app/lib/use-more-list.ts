import type { ListSet } from '@byeol/contract';
import { useRef, useState } from 'react';
import { type Answer, isOk } from './answer';
import { appendPage } from './paging';
import { useLoginRequired } from './use-login-required';

/** The row type of a list answer. */
export type RowOf<S> = S extends ListSet<infer T> ? T : never;

/**
 * A list paged with "more" (SPEC §7 offset and limit): the loader's first page (`initial`; null when
 * it failed), then `load(offset)` on each press. `set` is the last answer (a list's extras: the message box's
 * unread_cnt). `remove` drops a row deleted on the server (the total and the next offset follow), `replace`
 * puts a changed row in place, `reload` starts again from the first page (after writing a new row).
 * LOGIN_REQUIRED reloads the page's data, so the sign-in gate shows.
 */
export function useMoreList<S extends ListSet<unknown>>(
  initial: S | null,
  load: (offset: number) => Promise<Answer<S>>,
  keyOf: (row: RowOf<S>) => string | number,
  fallback: string,
) {
  type T = RowOf<S>;
  const loginRequired = useLoginRequired();
  const [rows, setRows] = useState<T[]>((initial?.data_list ?? []) as T[]);
  const [total, setTotal] = useState(initial?.data_totalcount ?? 0);
  const [set, setSet] = useState<S | null>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // The latest request wins: a reload started during "more" drops the older answer.
  const turn = useRef(0);

  async function fetchFrom(offset: number): Promise<void> {
    const mine = ++turn.current;
    setBusy(true);
    setError('');
    const res = await load(offset);
    if (mine !== turn.current) return;
    setBusy(false);
    if (!isOk(res)) {
      if (!loginRequired(res)) setError(res.rslt_msg || fallback);
      return;
    }
    const page = res.rslt_set.data_list as T[];
    setRows((shown) => (offset === 0 ? page : appendPage(shown, page, keyOf)));
    setTotal(res.rslt_set.data_totalcount);
    setSet(res.rslt_set);
  }

  return {
    rows,
    total,
    set,
    busy,
    error,
    /** The first page could not be loaded and nothing is shown. */
    failed: set === null,
    hasMore: rows.length < total,
    more: () => void fetchFrom(rows.length),
    reload: () => fetchFrom(0),
    replace: (next: T) => setRows((shown) => shown.map((row) => (keyOf(row) === keyOf(next) ? next : row))),
    remove: (key: string | number) => {
      setRows((shown) => shown.filter((row) => keyOf(row) !== key));
      setTotal((n) => Math.max(0, n - 1));
    },
  };
}
