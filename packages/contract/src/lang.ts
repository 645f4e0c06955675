/** Interface languages of SPEC §1; the first is the default. */
export const LANGS = ['ko', 'en', 'ja', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ko';
/** Cookie that keeps the viewer's language choice (SPEC §1). */
export const LANG_COOKIE = 'xlang';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** An unsupported or missing value falls back to ko (SPEC §1). */
export function resolveLang(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}

/** Site-term records use `zh` where the interface uses `zh-CN` (SPEC §3 sti_lang_cd). */
export function termLangOf(lang: Lang): 'ko' | 'en' | 'ja' | 'zh' {
  return lang === 'zh-CN' ? 'zh' : lang;
}

/**
 * The internationalisation default locale for number and date formatting where no language applies
 * (SPEC §9). The interface's default language stays ko (DEFAULT_LANG).
 */
export const DEFAULT_LOCALE = 'en-US';

const LOCALES: Readonly<Record<Lang, string>> = { ko: 'ko-KR', en: 'en-US', ja: 'ja-JP', 'zh-CN': 'zh-CN' };

/** BCP 47 tag for Intl formatting: the language's, else DEFAULT_LOCALE (a missing or unsupported language). */
export function localeOf(lang: unknown): string {
  return isLang(lang) ? LOCALES[lang] : DEFAULT_LOCALE;
}
