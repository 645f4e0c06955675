import { ADMIN_PAGE_SIZE } from '@byeol/contract';

/** The console's sections, in the order of its left menu (later issues add theirs here). */
export const ADMIN_SECTIONS = ['home', 'deposits', 'orders', 'products', 'grants', 'audit'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const sectionPath = (section: AdminSection) => (section === 'home' ? '/admin' : `/admin/${section}`);

/** The 1-based page of `?page=` (anything else is page 1) and the offset it starts at. */
export function pageOf(params: URLSearchParams): { page: number; offset: number } {
  const raw = params.get('page') ?? '';
  const page = /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  return { page, offset: (page - 1) * ADMIN_PAGE_SIZE };
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

/** The same search with another page (page 1 drops the parameter). */
export function withPage(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const qs = next.toString();
  return qs ? `?${qs}` : '?';
}

const KST_OFFSET_MS = 9 * 3600_000;
const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' in KST: the form the deposit confirmation takes a bank statement's time in. */
export function kstMinute(at: Date | number): string {
  const d = new Date(new Date(at).getTime() + KST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** Today in KST as 'YYYY-MM-DD' (the orders search's dates are KST days). */
export const kstDay = (at: Date | number) => kstMinute(at).slice(0, 10);

/** One changed field of an audited row. */
export interface DiffLine {
  key: string;
  before: string | null;
  after: string | null;
}

const show = (v: unknown): string | null => (v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * What an audited action changed, readable: the fields whose values differ between before and after (every
 * field of `after` when the row was created), in the order of `after`, then fields only `before` had.
 */
export function auditDiff(before: Record<string, unknown> | null, after: Record<string, unknown>): DiffLine[] {
  const keys = [...Object.keys(after), ...Object.keys(before ?? {}).filter((k) => !(k in after))];
  const lines: DiffLine[] = [];
  for (const key of keys) {
    const b = before === null ? null : show(before[key]);
    const a = show(after[key]);
    if (b !== a) lines.push({ key, before: b, after: a });
  }
  return lines;
}
