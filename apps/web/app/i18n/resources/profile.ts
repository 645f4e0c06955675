/** Texts of member info edit, settings and withdrawal. Every language has every key (checked by i18n.test.ts). */
export const profile = {
  ko: {},
  en: {},
  ja: {},
  'zh-CN': {},
};
