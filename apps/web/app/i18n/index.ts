import { DEFAULT_LANG, type Lang, supplyResultMessages } from '@byeol/contract';
import type { namespaces } from './namespaces';
import { type OnDemandNamespace, onDemandNamespacesOf } from './on-demand';
import { RESULT_TEXTS } from './result-texts';
import { createTranslator, type Texts, type Translator } from './translator';

export type { Texts, Translator } from './translator';

/**
 * The languages this process has the texts of. The server has all four (./all.ts registers them); a
 * browser loads only the page's language before it hydrates and another one when the viewer switches
 * (loadTexts): each is a chunk of its own (`virtual:byeol-i18n/{lang}`, apps/web/i18n-per-language.ts),
 * so a page does not carry the other three languages' texts.
 */
const registry = new Map<Lang, Texts>();

export function registerTexts(lang: Lang, texts: Texts): void {
  registry.set(lang, texts);
}

const loaders: Record<Lang, () => Promise<{ default: Texts }>> = {
  ko: () => import('virtual:byeol-i18n/ko'),
  en: () => import('virtual:byeol-i18n/en'),
  ja: () => import('virtual:byeol-i18n/ja'),
  'zh-CN': () => import('virtual:byeol-i18n/zh-CN'),
};

const onDemandLoaders: Record<OnDemandNamespace, Record<Lang, () => Promise<{ default: Texts }>>> = {
  admin: {
    ko: () => import('virtual:byeol-i18n/ko/admin'),
    en: () => import('virtual:byeol-i18n/en/admin'),
    ja: () => import('virtual:byeol-i18n/ja/admin'),
    'zh-CN': () => import('virtual:byeol-i18n/zh-CN/admin'),
  },
};

/** On-demand namespaces this page load has needed: a language loaded later gets them too (a switch). */
const wanted = new Set<OnDemandNamespace>();

/**
 * Makes `lang`'s texts available to createI18n (at once when they are already here), and the result
 * codes' messages in `lang` to the contract's resultMessage (the browser build carries the codes without
 * them); with the on-demand namespaces already needed (on-demand.ts).
 */
export async function loadTexts(lang: Lang): Promise<void> {
  if (!registry.has(lang)) {
    // The on-demand namespaces already needed are fetched beside the language's chunk, not after it: a
    // page waits for one round trip before it hydrates, not two. One failure fails the whole load once.
    const namespaces = [...wanted];
    const [main, ...extra] = await Promise.all([loaders[lang](), ...namespaces.map((ns) => onDemandLoaders[ns][lang]())]);
    const { [RESULT_TEXTS]: messages, ...texts } = main.default;
    if (messages && typeof messages === 'object') supplyResultMessages(lang, messages as Record<string, string>);
    if (!registry.has(lang)) registerTexts(lang, Object.assign(texts, ...extra.map((m) => m.default)));
  }
  await Promise.all([...wanted].map((ns) => loadNamespace(lang, ns)));
}

/**
 * Adds an on-demand namespace to `lang`'s texts (a chunk of its own; nothing to do on the server, which has
 * every namespace). The translators of the language read the same texts object, so they see it at once.
 */
export async function loadNamespace(lang: Lang, ns: OnDemandNamespace): Promise<void> {
  wanted.add(ns);
  const texts = registry.get(lang);
  if (!texts) return loadTexts(lang);
  if (texts[ns]) return;
  Object.assign(texts, (await onDemandLoaders[ns][lang]()).default);
}

/** The language's texts and the on-demand namespaces the page at `pathname` uses (before hydrating). */
export async function loadTextsFor(lang: Lang, pathname: string): Promise<void> {
  for (const ns of onDemandNamespacesOf(pathname)) wanted.add(ns);
  await loadTexts(lang);
}

/**
 * The translator of a language (translator.ts). The language's texts must be registered (loadTexts); a
 * missing language falls back to Korean with a warning.
 */
export function createI18n(lang: Lang): Translator {
  const have = registry.has(lang);
  if (!have) console.warn(`texts of ${lang} are not loaded`);
  const texts = registry.get(lang) ?? registry.get(DEFAULT_LANG) ?? registry.values().next().value ?? {};
  return createTranslator(have ? lang : DEFAULT_LANG, texts);
}

const shared = new Map<Lang, Translator>();

/**
 * The translator of a language, made once per process and shared by every render: texts are the same for
 * everybody in a language, and nothing changes a translator's language (a switch renders with another one).
 */
export function i18nFor(lang: Lang): Translator {
  let instance = shared.get(lang);
  if (!instance) {
    instance = createI18n(lang);
    if (registry.has(lang)) shared.set(lang, instance);
  }
  return instance;
}

type Namespaces = typeof namespaces;

/**
 * One namespace's texts in a language, for code outside React (a route's `meta`, a label helper): from the
 * registered texts, so a page's chunk does not carry the four languages of that namespace. On the server
 * all four are there; in the browser the page's language is (loaded before hydration).
 */
export function textsIn<N extends keyof Namespaces>(lang: Lang, ns: N): Namespaces[N]['ko'] {
  const texts = (registry.get(lang) ?? registry.get(DEFAULT_LANG))?.[ns];
  if (!texts) throw new Error(`texts of ${ns} in ${lang} are not loaded`);
  return texts as Namespaces[N]['ko'];
}
