import type { namespaces } from './namespaces';

/** Texts as plain strings: keys are checked, interpolation values are not (numbers are passed as often as strings). */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
type Ko = { [N in keyof typeof namespaces]: Widen<(typeof namespaces)[N]['ko']> };

/**
 * Typed keys: `t('…')` of a key that the Korean texts do not have fails the type check (the i18n unit
 * test keeps the other three languages' keys equal to the Korean ones).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Ko;
  }
}
