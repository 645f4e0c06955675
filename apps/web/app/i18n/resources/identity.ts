/** Texts of identity verification (adult, legal guardian) and the broadcaster, K-star and program applications. Every language has every key (checked by i18n.test.ts). */
export const identity = {
  ko: {},
  en: {},
  ja: {},
  'zh-CN': {},
};
