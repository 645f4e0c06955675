import { DEFAULT_LANG, JOSA_PAIRS, LANGS, type Lang, supplyResultMessages, withJosa } from '@byeol/contract';
import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { namespaces } from './namespaces';
import { RESULT_TEXTS } from './result-texts';

/** One language's texts: namespace → its tree of texts. */
export type Texts = ResourceLanguage;

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

/**
 * Makes `lang`'s texts available to createI18n (at once when they are already here), and the result
 * codes' messages in `lang` to the contract's resultMessage (the browser build carries the codes without them).
 */
export async function loadTexts(lang: Lang): Promise<void> {
  if (registry.has(lang)) return;
  const { [RESULT_TEXTS]: messages, ...texts } = (await loaders[lang]()).default;
  if (messages && typeof messages === 'object') supplyResultMessages(lang, messages as Record<string, string>);
  registerTexts(lang, texts);
}

/**
 * One i18next instance per render tree (per request on the server), initialised synchronously so SSR
 * renders the caller's language on the first pass. The language's texts must be registered (loadTexts).
 */
export function createI18n(lang: Lang): I18n {
  const texts = registry.get(lang) ?? registry.get(DEFAULT_LANG) ?? registry.values().next().value;
  if (!registry.has(lang)) console.warn(`texts of ${lang} are not loaded`);
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: texts ? { [registry.has(lang) ? lang : DEFAULT_LANG]: texts } : {},
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    defaultNS: 'common',
    ns: texts ? Object.keys(texts) : ['common'],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  // `{{name, josa(을/를)}}` in Korean texts: the word with the particle its last syllable takes.
  instance.services.formatter?.add('josa', (value, _lng, options: Record<string, unknown>) => {
    const pair = JOSA_PAIRS.find((p) => p in options);
    return pair ? withJosa(String(value), pair) : String(value);
  });
  return instance;
}

const shared = new Map<Lang, I18n>();

/**
 * The i18next instance of a language, made once per process and shared by every render (on the server
 * one per request cost a tenth of a page's render time): texts and formatters are the same for everybody
 * in a language, and nothing changes an instance's language (a switch renders with another one).
 */
export function i18nFor(lang: Lang): I18n {
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
