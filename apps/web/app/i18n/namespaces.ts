// Every namespace with its texts in the four languages, statically: the server, the tests, the type of
// the keys (i18next.d.ts) and the build's per-language modules (apps/web/i18n-per-language.ts) read this.
// The browser never loads it: it gets its one language (./index.ts, loadTexts).
// A feature's texts live in its own folder (`features/<domain>/<domain>.i18n.ts`, the namespace named as
// the folder) and are collected from there; the two shared by every page (`common`, `dialog`) are in
// ./resources/. Nothing is listed here for a new domain (docs/adding-a-domain.md).
import { featureTexts } from './feature-texts';
import { common } from './resources/common';
import { dialog } from './resources/dialog';

/**
 * The type of the features' namespaces. Each texts file adds its own, which types its keys:
 * `declare module '../../i18n/namespaces' { interface FeatureTexts { fans: typeof fans } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging from each feature's texts file
export interface FeatureTexts {}

/** Every namespace with its texts per language; i18n.test.ts checks they have the same keys. */
export const namespaces = {
  common,
  dialog,
  ...(featureTexts(import.meta.glob('../features/*/*.i18n.ts', { eager: true })) as unknown as FeatureTexts),
};
