/** Lists loaded page by page with "more" (every feature's). */

/** A page appended to a list loaded by "more", without doubles (an item may shift pages between loads). */
export function appendPage<T>(shown: readonly T[], next: readonly T[], keyOf: (item: T) => string | number): T[] {
  const seen = new Set(shown.map(keyOf));
  return [...shown, ...next.filter((item) => !seen.has(keyOf(item)))];
}

/** Whether "more" has anything left to load. */
export function hasMore(shown: number, total: number): boolean {
  return shown < total;
}
