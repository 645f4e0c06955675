import { useEffect, useState } from 'react';

/**
 * False during the server render and until the page's scripts run: a form's submit waits for it, so a press
 * before then cannot send the text as a plain GET (into the address and the logs). Pages mark it with
 * `data-ready` for tests.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
