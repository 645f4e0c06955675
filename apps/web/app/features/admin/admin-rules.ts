import {
  ADMIN_PAGE_SIZE,
  type AdminItemSaveReq,
  AdminItemSaveSchema,
  type AdminStoreItem,
  type EndpointInput,
  type itemsEndpoints,
} from '@byeol/contract';

/** The console's sections, in the order of its left menu (later issues add theirs here). */
export const ADMIN_SECTIONS = [
  'home',
  'deposits',
  'orders',
  'products',
  'items',
  'grants',
  'sanctions',
  'board',
  'reports',
  'qna',
  'cs',
  'policies',
  'magazine',
  'events',
  'concerts',
  'stars',
  'applications',
  'site',
  'rankings',
  'levels',
  'audit',
  'security',
] as const;
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

// ---- the item catalogue form -------------------------------------------------------------------------

/** The catalogue form's fields: what POST /admin/item_save takes (docs/items.md), all as the inputs hold them. */
export type ItemFormField = Exclude<keyof AdminItemSaveReq, 'item_sn'>;
export type ItemFormValues = Record<ItemFormField, string>;

const shape = AdminItemSaveSchema.shape;

/** Whole-number fields and their bounds, read from the contract's schema (the server checks the same). */
export const ITEM_NUMBER_FIELDS = {
  price: shape.price,
  validity_days: shape.validity_days,
  uses_per_day: shape.uses_per_day,
  sort: shape.sort.unwrap(),
} as const;

/** Text fields and their longest length, from the same schema. */
const ITEM_TEXT_FIELDS = {
  name_ko: shape.name_ko,
  name_en: shape.name_en.unwrap(),
  name_ja: shape.name_ja.unwrap(),
  name_zh: shape.name_zh.unwrap(),
  description_ko: shape.description_ko.unwrap(),
  description_en: shape.description_en.unwrap(),
  description_ja: shape.description_ja.unwrap(),
  description_zh: shape.description_zh.unwrap(),
  image_url: shape.image_url.unwrap(),
} as const;

/** What is wrong with one field, as a key of the admin texts' `items.error` with its values. */
export type ItemFieldError =
  | { key: 'required' }
  | { key: 'tooLong'; max: number }
  | { key: 'range'; min: number; max: number }
  | { key: 'choose' };

/** The form for a new item (on sale, unlimited uses per day) or for `item` as saved. */
export function itemFormValues(item: AdminStoreItem | null): ItemFormValues {
  const yn = (v: 'Y' | 'N' | undefined, fallback: 'Y' | 'N') => v ?? fallback;
  return {
    category: item?.category ?? 'effect',
    name_ko: item?.names.ko ?? '',
    name_en: item?.names.en ?? '',
    name_ja: item?.names.ja ?? '',
    name_zh: item?.names['zh-CN'] ?? '',
    description_ko: item?.descriptions.ko ?? '',
    description_en: item?.descriptions.en ?? '',
    description_ja: item?.descriptions.ja ?? '',
    description_zh: item?.descriptions['zh-CN'] ?? '',
    image_url: item?.image_url ?? '',
    price: item ? String(item.price) : '',
    validity_days: item ? String(item.validity_days) : '',
    uses_per_day: item ? String(item.uses_per_day) : '0',
    refund_yn: yn(item?.refund_yn, 'Y'),
    gift_yn: yn(item?.gift_yn, 'Y'),
    single_use_yn: yn(item?.single_use_yn, 'N'),
    on_sale_yn: yn(item?.on_sale_yn, 'Y'),
    sort: item ? String(item.sort) : '0',
  };
}

/**
 * Every wrong field of the catalogue form at once, checked with the contract's schema (so the browser and the
 * server agree), each with a message the operator can act on. A number must be typed as digits: the schema
 * would read an empty box as 0. Empty: the form may be sent.
 */
export function itemFormErrors(values: ItemFormValues): Partial<Record<ItemFormField, ItemFieldError>> {
  const errors: Partial<Record<ItemFormField, ItemFieldError>> = {};
  for (const [field, schema] of Object.entries(ITEM_NUMBER_FIELDS) as [
    keyof typeof ITEM_NUMBER_FIELDS,
    (typeof ITEM_NUMBER_FIELDS)['price'],
  ][]) {
    const raw = values[field].trim();
    if (!/^\d{1,9}$/.test(raw) || !schema.safeParse(raw).success) {
      errors[field] = { key: 'range', min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
    }
  }
  const checked = AdminItemSaveSchema.safeParse(values);
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in values) || errors[field as ItemFormField]) continue;
    if (field in ITEM_TEXT_FIELDS) {
      const name = field as keyof typeof ITEM_TEXT_FIELDS;
      errors[name] = values[name].trim() === '' ? { key: 'required' } : { key: 'tooLong', max: ITEM_TEXT_FIELDS[name].maxLength ?? 0 };
    } else {
      errors[field as ItemFormField] = { key: 'choose' };
    }
  }
  return errors;
}

/**
 * The catalogue item as the save call takes it: `item_sn` when editing, each field as typed. The values are
 * sent only after itemFormErrors found none (the same AdminItemSaveSchema), so the enum fields hold one of
 * their values; the server validates them again.
 */
export const itemSaveBody = (sn: number | null, values: ItemFormValues): ItemSaveInput =>
  ({
    ...(sn === null ? {} : { item_sn: String(sn) }),
    ...values,
  }) as ItemSaveInput;

export type ItemSaveInput = EndpointInput<typeof itemsEndpoints.adminSave>;
