import { ITEM_LIMITS, type StoreItem } from '@byeol/contract';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLang } from '../../lib/use-site';

/** The item's image, or its first letter on a tinted square when it has none (or it fails to load). */
export function ItemImage({ item, className = 'size-16' }: { item: Pick<StoreItem, 'image_url' | 'name'>; className?: string }) {
  if (item.image_url) {
    return <img src={item.image_url} alt="" loading="lazy" className={`${className} shrink-0 rounded-xl bg-neutral-100 object-contain`} />;
  }
  return (
    <div
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-xl bg-brand/10 text-2xl font-bold text-brand-dark`}
    >
      {[...item.name][0] ?? '★'}
    </div>
  );
}

/** An amount of the item currency with its site term: "1,500 CUBIC". */
export function ItemPrice({ amount, className = '' }: { amount: number; className?: string }) {
  const { t } = useTranslation('store');
  const lang = useLang();
  const { item } = useCurrencyNames();
  return (
    <span className={`tabular-nums ${className}`} data-price={amount}>
      {t('price', { n: formatNumber(amount, lang), currency: item })}
    </span>
  );
}

/** Validity, uses per day, refundable and giftable of a catalogue item (SPEC §3 item fields). */
export function ItemTerms({ item }: { item: StoreItem }) {
  const { t } = useTranslation('store');
  const lang = useLang();
  const rows: ['validity' | 'uses' | 'refund' | 'gift', string][] = [
    ['validity', t('terms.validityValue', { n: formatNumber(item.validity_days, lang) })],
    ['uses', item.uses_per_day > 0 ? t('terms.usesValue', { n: formatNumber(item.uses_per_day, lang) }) : t('terms.usesUnlimited')],
    ['refund', item.refund_yn === 'Y' ? t('terms.refundYes', { days: ITEM_LIMITS.refundDays }) : t('terms.refundNo')],
    ['gift', item.gift_yn === 'Y' ? t('terms.giftYes') : t('terms.giftNo')],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm">
      {rows.map(([key, value]) => (
        <div key={key} className="rounded-lg bg-neutral-50 px-3 py-2" data-term={key}>
          <dt className="text-xs font-semibold text-neutral-500">{t(`terms.${key}`)}</dt>
          <dd className="mt-0.5 font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
