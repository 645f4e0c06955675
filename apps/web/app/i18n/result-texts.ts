/**
 * The key of a language's texts module (`virtual:byeol-i18n/{lang}`, apps/web/i18n-per-language.ts) that
 * holds the result codes' messages in that language: not an i18next namespace. The browser build carries
 * the codes without their messages (apps/web/contract-for-browser.ts); loadTexts hands these to the
 * contract's supplyResultMessages.
 */
export const RESULT_TEXTS = '__result_codes';
