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

/** Page numbers shown at once in the pager. */
export const PAGER_WIDTH = 5;

/** The page numbers around `current` (up to PAGER_WIDTH, within 1..pages). */
export function pageWindow(current: number, pages: number, width = PAGER_WIDTH): number[] {
  const start = Math.max(1, Math.min(current - Math.floor(width / 2), pages - width + 1));
  const end = Math.min(pages, start + width - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
