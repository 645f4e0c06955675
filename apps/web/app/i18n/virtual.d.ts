/** One language's texts, made at build time from ./namespaces.ts (apps/web/i18n-per-language.ts). */
declare module 'virtual:byeol-i18n/*' {
  const texts: import('./translator').Texts;
  export default texts;
}
