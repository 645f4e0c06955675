import { LANGS } from '@byeol/contract';
import { registerTexts, type Texts } from './index';
import { namespaces } from './namespaces';

/** One language's texts out of the namespaces (the build's per-language modules are made the same way). */
export function textsOf(lang: (typeof LANGS)[number]): Texts {
  return Object.fromEntries(Object.entries(namespaces).map(([ns, byLang]) => [ns, byLang[lang]])) as Texts;
}

// The server (entry.server.tsx) and the tests have every language at once.
for (const lang of LANGS) registerTexts(lang, textsOf(lang));

export { createI18n } from './index';
export { namespaces } from './namespaces';
