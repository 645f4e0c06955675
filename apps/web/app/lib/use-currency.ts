import { useSite } from './use-site';

/**
 * The currencies by the site's terms in the viewer's language (SPEC §3 site terms; the UI never shows the
 * codes STAR and CUBIC): `item` is CURRENCY_ITEM_NAME (items are paid with it), `star` CURRENCY_NAME.
 * The fallbacks are the SPEC's default terms.
 */
export function useCurrencyNames(): { item: string; star: string } {
  const terms = useSite()?.site.site_terms;
  return { item: terms?.CURRENCY_ITEM_NAME || 'CUBIC', star: terms?.CURRENCY_NAME || 'STAR' };
}
