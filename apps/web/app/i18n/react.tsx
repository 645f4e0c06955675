import type { Lang } from '@byeol/contract';
import type { Namespace, TFunction } from 'i18next';
import { createContext, type ReactNode, useContext } from 'react';
import type { Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

/** The page's translator for everything below (root.tsx: one per language, shared by every render). */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * The texts of namespace `ns` (the first of a list; the others by `{ ns }` or an 'ns:' prefix) in the
 * page's language, keys typed. `t` is the same function on every render of a language and namespace, so it
 * can sit in an effect's dependencies.
 */
export function useTranslation<const Ns extends Namespace = 'common'>(ns?: Ns): { t: TFunction<Ns>; lang: Lang } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation outside TranslatorProvider');
  return { t: translator.getFixedT(translator.language, ns ?? ('common' as Ns)), lang: translator.language };
}
