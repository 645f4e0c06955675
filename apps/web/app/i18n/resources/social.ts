/** Texts of social login and /user/join-social. Every language has every key (checked by i18n.test.ts). */
export const social = {
  ko: {},
  en: {},
  ja: {},
  'zh-CN': {},
};
