import { ITEM_CATEGORIES, type ItemCategory, type ListSet, type StoreItem } from '@byeol/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { appendPage, hasMore } from '../../lib/paging';
import { useLang } from '../../lib/use-site';
import { LinkTabs } from '../../ui/link-tabs';
import { EmptyNote, MoreButton } from '../../ui/list-ui';
import { SupportersCard } from '../supporters';
import { STORE_PAGE_SIZE, storeMore } from './store-api';
import { ItemImage, ItemPrice } from './store-ui';

export type StoreView = 'grid' | 'list';

const detailPath = (itemSn: number) => `/store/item/detail?item_sn=${itemSn}`;

/**
 * /store and /store/item (docs/items.md, web section). Both list the catalogue on sale, all of it or one
 * category (`?category=`), STORE_PAGE_SIZE at a time with "more". /store is the storefront: a grid of
 * cards (image, name, price). /store/item is the item list: one row per item with its description and
 * terms (validity, uses per day, refundable, giftable), to compare items before opening one.
 */
export function StorePage({
  view,
  category,
  initial,
}: {
  view: StoreView;
  category: ItemCategory | undefined;
  initial: ListSet<StoreItem> | null;
}) {
  const { t } = useTranslation('store');
  const lang = useLang();
  const [items, setItems] = useState(initial?.data_list ?? []);
  const [total, setTotal] = useState(initial?.data_totalcount ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  // A new category (or a revalidation) replaces what "more" had added.
  useEffect(() => {
    setItems(initial?.data_list ?? []);
    setTotal(initial?.data_totalcount ?? 0);
    setError('');
  }, [initial]);

  async function more() {
    setBusy(true);
    setError('');
    const res = await storeMore({ category, offset: items.length, limit: STORE_PAGE_SIZE }, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    const page = res.rslt_set;
    setItems((shown) => appendPage(shown, page.data_list, (item) => item.item_sn));
    setTotal(page.data_totalcount);
  }

  const base = view === 'grid' ? '/store' : '/store/item';
  const tabs = [
    { key: 'all', to: base, text: t('category.all') },
    ...ITEM_CATEGORIES.map((c) => ({ key: c, to: `${base}?category=${c}`, text: t(`category.${c}`) })),
  ];
  const other =
    view === 'grid'
      ? { to: `/store/item${category ? `?category=${category}` : ''}`, text: t('store.asList') }
      : { to: `/store${category ? `?category=${category}` : ''}`, text: t('store.asGrid') };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8" data-store={view}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <div className="flex items-baseline gap-3">
          <h1 className="text-2xl font-extrabold">{view === 'grid' ? t('store.title') : t('store.listTitle')}</h1>
          {total > 0 && (
            <span className="text-sm text-neutral-500" data-total>
              {t('list.total', { n: formatNumber(total, lang) })}
            </span>
          )}
        </div>
        <div className="flex gap-3 text-sm font-semibold">
          <Link to={other.to} className="text-brand hover:underline">
            {other.text}
          </Link>
          <Link to="/mypage/item" className="text-brand hover:underline">
            {t('store.myItems')}
          </Link>
        </div>
      </div>
      {view === 'grid' && <SupportersCard />}
      <LinkTabs label={t('category.label')} tabs={tabs} current={category ?? 'all'} />
      {initial === null ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-6 text-center text-red-700">
          {t('list.loadFailed')}
        </p>
      ) : items.length === 0 ? (
        <EmptyNote name="store" text={t('store.empty')} />
      ) : view === 'grid' ? (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-store-list>
          {items.map((item) => (
            <li key={item.item_sn} data-item-sn={item.item_sn}>
              <Link
                to={detailPath(item.item_sn)}
                className="flex h-full flex-col items-center gap-2 rounded-2xl border border-neutral-200 p-4 text-center hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
              >
                <ItemImage item={item} className="size-20" />
                <span className="font-semibold" data-item-name>
                  {item.name}
                </span>
                <span className="text-xs text-neutral-500">{t(`category.${item.category}`)}</span>
                <ItemPrice amount={item.price} className="font-bold text-brand" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-6 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-store-list>
          {items.map((item) => (
            <li key={item.item_sn} data-item-sn={item.item_sn}>
              <Link to={detailPath(item.item_sn)} className="flex items-center gap-4 px-4 py-3 hover:bg-neutral-50">
                <ItemImage item={item} className="size-14" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold" data-item-name>
                    {item.name}
                  </p>
                  {item.description && <p className="line-clamp-2 text-sm text-neutral-600">{item.description}</p>}
                  <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-neutral-500">
                    <span>{t(`category.${item.category}`)}</span>
                    <span>{t('terms.validityValue', { n: formatNumber(item.validity_days, lang) })}</span>
                    <span>
                      {item.uses_per_day > 0
                        ? t('terms.usesValue', { n: formatNumber(item.uses_per_day, lang) })
                        : t('terms.usesUnlimited')}
                    </span>
                    <span>{item.refund_yn === 'Y' ? t('terms.refundable') : t('terms.refundNo')}</span>
                    <span>{item.gift_yn === 'Y' ? t('terms.giftYes') : t('terms.giftNo')}</span>
                  </p>
                </div>
                <ItemPrice amount={item.price} className="shrink-0 font-bold text-brand" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {initial !== null && hasMore(items.length, total) && <MoreButton onMore={() => void more()} busy={busy} error={error} />}
    </div>
  );
}
