import type { AdminPaymentProduct, Currency } from '@byeol/contract';
import { useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLang } from '../../lib/use-site';
import { useWon } from '../../lib/use-won';
import { useDialog } from '../../ui/dialogs';
import { primaryButton } from '../../ui/fields';
import type { AdminList } from './admin.server';
import { saveProduct } from './admin-api';
import { ActionDialog, AdminEmpty, AdminTable, cellClass, ListError, Pager, RowActions, ScreenTitle } from './admin-ui';

/** STAR and CUBIC packages, also off sale: create, edit, and put on or off sale (each save audited). */
export function ProductsPage({ data, page }: { data: AdminList<AdminPaymentProduct>; page: number }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const won = useWon();
  const names = useCurrencyNames();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  if (!data.ok) return <ListError message={data.message} />;
  const currencyName = (c: Currency) => (c === 'CUBIC' ? names.item : names.star);

  async function edit(product: AdminPaymentProduct | null, currency: Currency = 'STAR') {
    setBusy(true);
    const saved = await dialog.layer<AdminPaymentProduct>(
      (close) => (
        <ActionDialog
          fields={[
            { name: 'amount', label: t('products.amount'), value: product ? String(product.amount) : '', inputMode: 'numeric' },
            { name: 'bonus', label: t('products.bonus'), value: product ? String(product.bonus) : '0', inputMode: 'numeric' },
            { name: 'price', label: t('products.price'), value: product ? String(product.price) : '', inputMode: 'numeric' },
            { name: 'sort', label: t('products.sort'), value: product ? String(product.sort) : '0', inputMode: 'numeric' },
          ]}
          submitLabel={t('products.save')}
          onSubmit={(v) =>
            saveProduct(
              {
                ...(product ? { product_sn: product.product_sn } : {}),
                currency: product?.currency ?? currency,
                amount: v.amount ?? '',
                bonus: v.bonus ?? '',
                price: v.price ?? '',
                sort: Number(v.sort) || 0,
                on_sale_yn: product?.on_sale_yn ?? 'N',
              },
              t('error.retry'),
            )
          }
          close={close}
        />
      ),
      {
        title: product
          ? t('products.editTitle', { sn: product.product_sn, currency: currencyName(product.currency) })
          : t('products.newTitle', { currency: currencyName(currency) }),
      },
    );
    setBusy(false);
    if (!saved) return;
    dialog.toast(t('products.saved'));
    void revalidator.revalidate();
  }

  async function toggle(product: AdminPaymentProduct) {
    setBusy(true);
    const res = await saveProduct(
      {
        product_sn: product.product_sn,
        currency: product.currency,
        amount: String(product.amount),
        bonus: String(product.bonus),
        price: String(product.price),
        sort: product.sort,
        on_sale_yn: product.on_sale_yn === 'Y' ? 'N' : 'Y',
      },
      t('error.retry'),
    );
    setBusy(false);
    if (res.rslt_cd !== 0) {
      dialog.toast(res.rslt_msg || t('error.retry'));
      return;
    }
    void revalidator.revalidate();
  }

  const list = data.list.data_list;
  return (
    <div data-admin-products>
      <ScreenTitle title={t('products.title')}>
        <div className="flex gap-2">
          {(['STAR', 'CUBIC'] as const).map((c) => (
            <button key={c} type="button" className={primaryButton} disabled={busy} onClick={() => void edit(null, c)} data-product-new={c}>
              {t('products.new', { currency: currencyName(c) })}
            </button>
          ))}
        </div>
      </ScreenTitle>
      <p className="mb-4 text-sm text-neutral-500">{t('products.note')}</p>
      {list.length === 0 ? (
        <AdminEmpty name="products" text={t('products.empty')} />
      ) : (
        <AdminTable
          heads={[
            '#',
            t('products.currency'),
            t('products.amount'),
            t('products.bonus'),
            t('products.price'),
            t('products.sort'),
            t('products.onSale'),
            '',
          ]}
        >
          {list.map((p) => (
            <tr key={p.product_sn} className="border-t border-neutral-100" data-product-row={p.product_sn} data-on-sale={p.on_sale_yn}>
              <td className={cellClass}>{p.product_sn}</td>
              <td className={cellClass}>{currencyName(p.currency)}</td>
              <td className={`${cellClass} tabular-nums`}>{formatNumber(p.amount, lang)}</td>
              <td className={`${cellClass} tabular-nums`}>{formatNumber(p.bonus, lang)}</td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{won(p.price)}</td>
              <td className={`${cellClass} tabular-nums`}>{p.sort}</td>
              <td className={cellClass}>{p.on_sale_yn === 'Y' ? t('products.on') : t('products.off')}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <RowActions
                  disabled={busy}
                  actions={[
                    { name: 'product-edit', text: t('products.edit'), run: () => void edit(p) },
                    {
                      name: 'product-toggle',
                      text: p.on_sale_yn === 'Y' ? t('products.stopSale') : t('products.startSale'),
                      run: () => void toggle(p),
                    },
                  ]}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager page={page} total={data.list.data_totalcount} busy={navigation.state !== 'idle'} />
    </div>
  );
}
