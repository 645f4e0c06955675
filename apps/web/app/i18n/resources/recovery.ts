/** Texts of finding an ID, resetting a password and the account chooser. Every language has every key (checked by i18n.test.ts). */
export const recovery = {
  ko: {},
  en: {},
  ja: {},
  'zh-CN': {},
};
