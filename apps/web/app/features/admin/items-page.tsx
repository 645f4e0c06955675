import { type AdminStoreItem, ITEM_CATEGORIES, ITEM_LIMITS, localized } from '@byeol/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Form, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { ItemImage, ItemPrice } from '../store';
import type { AdminList } from './admin.server';
import { saveItem } from './admin-api';
import { type ItemFieldError, type ItemFormField, type ItemFormValues, itemFormErrors, itemFormValues, itemSaveBody } from './admin-rules';
import { AdminEmpty, AdminTable, cellClass, inputClass, ListError, Pager, RowActions, ScreenTitle } from './admin-ui';

const LANG_FIELDS = ['ko', 'en', 'ja', 'zh'] as const;
const FLAGS = ['refund_yn', 'gift_yn', 'single_use_yn', 'on_sale_yn'] as const;

/**
 * The item catalogue (docs/items.md): every item, also off sale, by category, with its names in the viewer's
 * language; add and edit one in a form that names each wrong field, and start or stop selling it.
 */
export function ItemsPage({ data, page }: { data: AdminList<AdminStoreItem>; page: number }) {
  const { t } = useTranslation('admin');
  const ts = useTranslation('store').t;
  const lang = useLang();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const category = params.get('category') ?? '';
  const loading = navigation.state !== 'idle';

  async function edit(item: AdminStoreItem | null) {
    setBusy(true);
    const saved = await dialog.layer<AdminStoreItem>((close) => <ItemForm item={item} close={close} />, {
      title: item ? t('items.editTitle', { sn: item.item_sn }) : t('items.newTitle'),
    });
    setBusy(false);
    if (!saved) return;
    dialog.toast(t('items.saved'));
    void revalidator.revalidate();
  }

  async function toggle(item: AdminStoreItem) {
    setBusy(true);
    const values = { ...itemFormValues(item), on_sale_yn: item.on_sale_yn === 'Y' ? 'N' : 'Y' };
    const res = await saveItem(itemSaveBody(item.item_sn, values), t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      dialog.toast(res.rslt_msg || t('error.retry'));
      return;
    }
    void revalidator.revalidate();
  }

  const list = data.ok ? data.list.data_list : [];
  return (
    <div data-admin-items>
      <ScreenTitle title={t('items.title')}>
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void edit(null)} data-item-new>
          {t('items.new')}
        </button>
      </ScreenTitle>
      <p className="mb-4 text-sm text-neutral-500">{t('items.note')}</p>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-neutral-200 p-4" data-items-filter>
        <label className="block text-xs font-semibold text-neutral-600">
          {t('items.category')}
          <select name="category" defaultValue={category} className={`${inputClass} mt-1`}>
            <option value="">{t('items.any')}</option>
            {ITEM_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {ts(`category.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondaryButton} disabled={loading}>
          {t('items.filter')}
        </button>
      </Form>
      {!data.ok ? (
        <ListError message={data.message} />
      ) : list.length === 0 ? (
        <AdminEmpty name="items" text={category ? t('items.emptyCategory') : t('items.empty')} />
      ) : (
        <AdminTable
          name="items"
          heads={[
            '#',
            t('items.image'),
            t('items.name'),
            t('items.category'),
            t('items.price'),
            t('items.terms'),
            t('items.onSale'),
            t('items.sort'),
            '',
          ]}
        >
          {list.map((item) => {
            const name = localized(item.names, lang);
            return (
              <tr key={item.item_sn} className="border-t border-neutral-100" data-item-row={item.item_sn} data-on-sale={item.on_sale_yn}>
                <td className={cellClass}>{item.item_sn}</td>
                <td className={cellClass}>
                  <ItemImage item={{ image_url: item.image_url, name }} className="size-10" />
                </td>
                <td className={cellClass}>
                  <span className="font-semibold" data-item-name>
                    {name}
                  </span>
                  {lang !== 'ko' && name !== item.names.ko && <span className="block text-xs text-neutral-500">{item.names.ko}</span>}
                </td>
                <td className={cellClass}>{ts(`category.${item.category}`)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  <ItemPrice amount={item.price} />
                </td>
                <td className={`${cellClass} text-xs text-neutral-600`}>
                  <ItemTermsLine item={item} />
                </td>
                <td className={cellClass}>{item.on_sale_yn === 'Y' ? t('items.on') : t('items.off')}</td>
                <td className={`${cellClass} tabular-nums`}>{item.sort}</td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  <RowActions
                    disabled={busy}
                    actions={[
                      { name: 'item-edit', text: t('items.edit'), run: () => void edit(item) },
                      {
                        name: 'item-toggle',
                        text: item.on_sale_yn === 'Y' ? t('items.stopSale') : t('items.startSale'),
                        run: () => void toggle(item),
                      },
                    ]}
                  />
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      {data.ok && <Pager page={page} total={data.list.data_totalcount} busy={loading} />}
    </div>
  );
}

/** Validity, uses per day and the flags of one item, on one line. */
function ItemTermsLine({ item }: { item: AdminStoreItem }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const parts = [
    t('items.days', { n: formatNumber(item.validity_days, lang) }),
    item.uses_per_day > 0 ? t('items.perDay', { n: formatNumber(item.uses_per_day, lang) }) : t('items.unlimited'),
    ...(item.refund_yn === 'Y' ? [t('items.refundable')] : []),
    ...(item.gift_yn === 'Y' ? [t('items.giftable')] : []),
    ...(item.single_use_yn === 'Y' ? [t('items.singleUse')] : []),
  ];
  return <span data-item-terms>{parts.join(' · ')}</span>;
}

/**
 * The create/edit form of one catalogue item. Every wrong field is marked under itself before anything is
 * sent (the contract's schema, as the server checks it); a refusal of the server (an image URL it does not
 * take) shows under the field it names. The save button is disabled while the call runs. Closes with the
 * saved item.
 */
function ItemForm({ item, close }: { item: AdminStoreItem | null; close: (saved?: AdminStoreItem) => void }) {
  const { t } = useTranslation('admin');
  const ts = useTranslation('store').t;
  const names = useCurrencyNames();
  const [values, setValues] = useState<ItemFormValues>(() => itemFormValues(item));
  const [errors, setErrors] = useState<Partial<Record<ItemFormField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const lang = useLang();
  const message = (e: ItemFieldError) =>
    t(
      `items.error.${e.key}`,
      'max' in e ? { ...e, max: formatNumber(e.max, lang), ...('min' in e ? { min: formatNumber(e.min, lang) } : {}) } : {},
    );
  const set = (name: ItemFormField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const found = itemFormErrors(values);
    if (Object.keys(found).length > 0) {
      setErrors(Object.fromEntries(Object.entries(found).map(([k, e]) => [k, message(e)])));
      setFormError(t('items.fix'));
      // The first wrong field in the form's order, so the operator lands where to act.
      const first = Object.keys(values).find((k) => k in found);
      if (first) document.getElementById(`item-${first}`)?.focus();
      return;
    }
    setBusy(true);
    const res = await saveItem(itemSaveBody(item?.item_sn ?? null, values), t('error.retry'));
    setBusy(false);
    if (isOk(res)) {
      close(res.rslt_set);
      return;
    }
    const field = fieldOf(res) ?? '';
    const text = res.rslt_msg || t('error.retry');
    if (field in values) setErrors({ [field]: text });
    else setFormError(text);
  }

  const text = (name: ItemFormField, label: string, extra: { hint?: ReactNode; inputMode?: 'numeric' } = {}) => (
    <TextField
      id={`item-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      errors={errors[name] ? [errors[name]] : []}
      {...extra}
    />
  );
  /** A labelled select or textarea with its message under it (text inputs use TextField). */
  const labelled = (name: ItemFormField, control: ReactNode) => (
    <div key={name}>
      <label htmlFor={`item-${name}`} className="mb-1 block text-sm font-semibold text-neutral-800">
        {t(`items.field.${name}`)}
      </label>
      {control}
      <FieldMessages id={`item-${name}`} errors={errors[name] ? [errors[name]] : []} />
    </div>
  );
  const control = (name: ItemFormField) => ({
    id: `item-${name}`,
    name,
    className: inputClass,
    value: values[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `item-${name}-msg`,
  });
  const previewName = values.name_ko.trim() || '★';

  return (
    <form className="space-y-4 p-4 text-neutral-900" onSubmit={(e) => void submit(e)} noValidate data-item-form>
      {labelled(
        'category',
        <select {...control('category')} onChange={(e) => set('category', e.target.value)}>
          {ITEM_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {ts(`category.${c}`)}
            </option>
          ))}
        </select>,
      )}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        {LANG_FIELDS.map((l) => (
          <div key={l}>{text(`name_${l}`, t(`items.field.name_${l}`), l === 'ko' ? {} : { hint: t('items.field.langHint') })}</div>
        ))}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        {LANG_FIELDS.map((l) =>
          labelled(
            `description_${l}`,
            <textarea {...control(`description_${l}`)} rows={2} onChange={(e) => set(`description_${l}`, e.target.value)} />,
          ),
        )}
      </fieldset>
      <div className="flex items-start gap-3">
        <ItemImage item={{ image_url: errors.image_url ? '' : values.image_url.trim(), name: previewName }} className="size-16" />
        <div className="min-w-0 flex-1">{text('image_url', t('items.field.image_url'), { hint: t('items.field.imageHint') })}</div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {text('price', t('items.field.price', { currency: names.item }), { inputMode: 'numeric' })}
        {text('validity_days', t('items.field.validity_days'), { inputMode: 'numeric' })}
        {text('uses_per_day', t('items.field.uses_per_day'), { inputMode: 'numeric', hint: t('items.field.usesHint') })}
        {text('sort', t('items.field.sort'), { inputMode: 'numeric' })}
      </div>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        {FLAGS.map((flag) => (
          <label key={flag} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={flag}
              className="size-4"
              checked={values[flag] === 'Y'}
              onChange={(e) => set(flag, e.target.checked ? 'Y' : 'N')}
              data-item-flag={flag}
            />
            {t(`items.field.${flag}`, { days: ITEM_LIMITS.refundDays })}
          </label>
        ))}
      </fieldset>
      <FormError message={formError || undefined} />
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={() => close()} disabled={busy}>
          {t('dialog.cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={busy} data-item-save>
          {busy ? t('dialog.working') : t('items.save')}
        </button>
      </div>
    </form>
  );
}
