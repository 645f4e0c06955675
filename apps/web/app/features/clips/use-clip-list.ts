import type { ClipItem } from '@byeol/contract';
import { useCallback, useRef, useState } from 'react';
import { type Answer, isOk } from '../../lib/answer';
import { useLoginRequired } from '../../lib/use-login-required';
import type { ClipListSet } from './clips-api';
import { appendClips } from './clips-rules';

/**
 * A clip list paged by offset: the loader's first page (`initial`; null when it failed), then `load(offset)`
 * for each next page. `prepend` puts a new row first (an upload), `replace` a refreshed row in place,
 * `remove` drops a deleted one. LOGIN_REQUIRED reloads the page's data, so the sign-in gate shows.
 */
export function useClipList(initial: ClipListSet | null, load: (offset: number) => Promise<Answer<ClipListSet>>, fallback: string) {
  const loginRequired = useLoginRequired();
  const [rows, setRows] = useState<ClipItem[]>(initial?.data_list ?? []);
  const [total, setTotal] = useState(initial?.data_totalcount ?? 0);
  // Rows of the server's pages (the next offset): an upload put first shifts none of them.
  const [loaded, setLoaded] = useState(initial?.data_list.length ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const turn = useRef(0);

  async function more() {
    if (busy) return;
    const mine = ++turn.current;
    setBusy(true);
    setError('');
    const res = await load(loaded);
    if (mine !== turn.current) return;
    setBusy(false);
    if (!isOk(res)) {
      if (!loginRequired(res)) setError(res.rslt_msg || fallback);
      return;
    }
    setRows((shown) => appendClips(shown, res.rslt_set.data_list));
    setLoaded((n) => n + res.rslt_set.data_list.length);
    setTotal(res.rslt_set.data_totalcount);
  }

  // A stable `more` (effects and observers depend on it) running the latest render's.
  const latestMore = useRef(more);
  latestMore.current = more;
  const stableMore = useCallback(() => void latestMore.current(), []);

  const prepend = useCallback((item: ClipItem) => {
    setRows((shown) => [item, ...shown.filter((row) => row.clip_key !== item.clip_key)]);
    setTotal((n) => n + 1);
    setLoaded((n) => n + 1);
  }, []);
  const replace = useCallback(
    (item: ClipItem) => setRows((shown) => shown.map((row) => (row.clip_key === item.clip_key ? item : row))),
    [],
  );
  const remove = useCallback((clipKey: string) => {
    setRows((shown) => shown.filter((row) => row.clip_key !== clipKey));
    setTotal((n) => Math.max(0, n - 1));
    setLoaded((n) => Math.max(0, n - 1));
  }, []);

  return {
    rows,
    total,
    busy,
    error,
    failed: initial === null,
    hasMore: loaded < total,
    more: stableMore,
    prepend,
    replace,
    remove,
  };
}
