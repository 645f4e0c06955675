import { JOSA_PAIRS, type JosaPair, type Lang, withJosa } from '@byeol/contract';
import type { FlatNamespace, Namespace, TFunction } from 'i18next';

/*
 * The site's own translator (docs/decisions/014). It does what the texts use of i18next, which it replaced
 * in the browser (13.7 KB gzip of every page's first load), and nothing more:
 *
 * - keys as paths ('home.live.title'), a namespace chosen by the hook, by `{ ns }` or by a 'ns:' prefix;
 * - `{{name}}` placeholders, a dotted name reading into an object value, and `{{name, josa(이/가)}}`: the
 *   value with the Korean particle its last syllable takes;
 * - an unknown key answers the key itself, an unknown placeholder stays as written (as i18next did).
 *
 * It has no plural forms (the texts have no `_one`/`_other` keys: i18n.test.ts keeps it so), no nesting
 * and no escaping (React escapes what it renders). The key and placeholder types still come from i18next's
 * type declarations (i18next.d.ts): only the types are imported, no i18next code ships.
 */

/** One language's texts: namespace → its tree of texts. */
export type Texts = Record<string, unknown>;

type Values = Record<string, unknown>;

/** `t` of the default namespace, other namespaces by prefix or `{ ns }` (typed as i18next typed its own). */
type DefaultT = TFunction<['common', ...Exclude<FlatNamespace, 'common'>[]]>;

/** A translator bound to one language; `t` reads the default namespace ('common'). */
export interface Translator {
  readonly language: Lang;
  readonly t: DefaultT;
  /** `t` reading namespace `ns` first (the first of a list); the same function for the same namespaces. */
  getFixedT<const Ns extends Namespace>(lang: Lang, ns: Ns): TFunction<Ns>;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** The value at a dotted path ('home.live.title') in a tree of texts or values; undefined where there is none. */
export function valueAt(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** `{{name}}` and `{{name, josa(pair)}}` filled from `values`; unknown names stay as written. */
function interpolate(text: string, values: Values | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const comma = inner.indexOf(',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    const raw = name in values ? values[name] : valueAt(values, name);
    if (raw === undefined || raw === null) return whole;
    const value = String(raw);
    if (comma < 0) return value;
    const format = /^\s*josa\((.+)\)\s*$/.exec(inner.slice(comma + 1));
    const pair = format?.[1]?.trim();
    return pair && (JOSA_PAIRS as readonly string[]).includes(pair) ? withJosa(value, pair as JosaPair) : value;
  });
}

export function createTranslator(lang: Lang, texts: Texts): Translator {
  const fixed = new Map<string, TFunction<Namespace>>();

  function lookup(namespaces: readonly string[], key: string, values: Values | undefined): string {
    let nsList = namespaces;
    let path = key;
    const explicit = values?.ns;
    if (typeof explicit === 'string') nsList = [explicit];
    else if (Array.isArray(explicit)) nsList = explicit as string[];
    const colon = key.indexOf(':');
    if (colon > 0) {
      nsList = [key.slice(0, colon)];
      path = key.slice(colon + 1);
    }
    for (const ns of nsList) {
      const found = valueAt(texts[ns], path);
      if (typeof found === 'string') return interpolate(found, values);
    }
    return path;
  }

  function getFixedT<const Ns extends Namespace>(_lang: Lang, ns: Ns): TFunction<Ns> {
    const list = (typeof ns === 'string' ? [ns] : [...(ns as readonly string[])]) as string[];
    const id = list.join(' ');
    let t = fixed.get(id);
    if (!t) {
      const translate = (key: string, values?: Values) => lookup(list, key, values);
      t = translate as unknown as TFunction<Namespace>;
      fixed.set(id, t);
    }
    return t as unknown as TFunction<Ns>;
  }

  return { language: lang, t: getFixedT(lang, 'common') as unknown as DefaultT, getFixedT };
}
