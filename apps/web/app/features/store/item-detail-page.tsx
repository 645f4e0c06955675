import { checkAmount, ITEM_LIMITS, resultMessage, type StoreItem } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useActionKey } from '../../lib/action-key';
import { isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLang, useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton } from '../../ui/fields';
import { useSignIn } from '../../ui/sign-in';
import { totalPrice } from './item-rules';
import { dealItem, isLoginRequired } from './store-api';
import { ItemImage, ItemPrice, ItemTerms } from './store-ui';

const MESSAGE_MAX = 100;

/**
 * /store/item/detail?item_sn=N: the item (price, validity, uses per day, refundable, giftable) and the
 * purchase: a count, optionally as a gift to a login ID with a message. Pressing "buy" when signed out
 * opens the sign-in panel and does nothing else (SPEC §4); signed in, a confirm dialog shows price ×
 * count before anything is charged.
 */
export function ItemDetailPage({ item, message }: { item: StoreItem | null; message: string }) {
  const { t } = useTranslation('store');
  if (!item) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center" data-item-missing>
        <p className="text-lg font-semibold">{message || t('detail.notFound')}</p>
        <Link to="/store" className={`${primaryButton} mt-6 inline-block`}>
          {t('detail.backToStore')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8" data-item-detail={item.item_sn}>
      <p className="mb-4 text-sm">
        <Link to={`/store?category=${item.category}`} className="text-brand hover:underline">
          {t('detail.backToStore')}
        </Link>
      </p>
      <div className="flex flex-col gap-6 sm:flex-row">
        <ItemImage item={item} className="size-40 self-center sm:self-start" />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold text-neutral-500">{t(`category.${item.category}`)}</p>
          <h1 className="text-2xl font-bold" data-item-name>
            {item.name}
          </h1>
          <ItemPrice amount={item.price} className="mt-1 block text-xl font-extrabold text-brand" />
          {item.description && <p className="mt-3 whitespace-pre-line text-neutral-700">{item.description}</p>}
          <div className="mt-4">
            <ItemTerms item={item} />
          </div>
          <BuyForm key={item.item_sn} item={item} />
        </div>
      </div>
    </div>
  );
}

function BuyForm({ item }: { item: StoreItem }) {
  const { t } = useTranslation('store');
  const lang = useLang();
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const [cnt, setCnt] = useState('1');
  const [asGift, setAsGift] = useState(false);
  const [giftId, setGiftId] = useState('');
  const [message, setMessage] = useState('');
  const [cntError, setCntError] = useState('');
  const [giftError, setGiftError] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ total: number; balance: number; gift: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [balance, setBalance] = useState<number | null>(null);
  // One key per purchase: the same after a lost answer (the retry cannot buy twice), a new one after an
  // answer or when the count, the receiver or the message changes.
  const key = useActionKey();
  const shownBalance = balance ?? user?.cubic_cnt ?? null;
  const names = useCurrencyNames().item;
  // Items taken off sale keep their page (owners look them up) but cannot be bought.
  const offSale = item.on_sale_yn === 'N';

  async function buy(event: FormEvent) {
    event.preventDefault();
    // SPEC §4: signed out, the sign-in panel opens and the purchase goes no further.
    if (!user) {
      void signIn.open();
      return;
    }
    if (busy) return;
    setError('');
    setDone(null);
    const checked = checkAmount(cnt, { min: 1, max: ITEM_LIMITS.countMax }, t('buy.count'));
    setCntError(checked.ok ? '' : resultMessage(checked.code, lang, checked.params));
    const gift = asGift && item.gift_yn === 'Y';
    const receiver = giftId.trim();
    setGiftError(gift && receiver === '' ? t('buy.giftIdRequired') : '');
    if (!checked.ok || (gift && receiver === '')) return;

    const total = totalPrice(item.price, checked.value);
    const confirmText = t(gift ? 'buy.confirmGift' : 'buy.confirm', {
      name: item.name,
      price: formatNumber(item.price, lang),
      cnt: formatNumber(checked.value, lang),
      total: formatNumber(total, lang),
      currency: names,
      id: receiver,
    });
    if (!(await dialog.confirm(confirmText, { title: t('buy.confirmTitle') }))) return;

    setBusy(true);
    const res = await dealItem(
      {
        item_sn: String(item.item_sn),
        cnt: String(checked.value),
        ...(gift ? { gift_id: receiver, message: message.trim() || undefined } : {}),
      },
      key.take(),
      t('error.retry'),
    );
    setBusy(false);
    key.answered(res.rslt_cd);
    if (isLoginRequired(res)) {
      await revalidator.revalidate();
      void signIn.open();
      return;
    }
    if (!isOk(res)) {
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    setBalance(res.rslt_set.balance);
    setDone({ total: res.rslt_set.total, balance: res.rslt_set.balance, gift });
    dialog.toast(gift ? t('buy.giftDone', { id: receiver }) : t('buy.done'));
    // The header and my page read the balance from the root data.
    void revalidator.revalidate();
  }

  const checkedCnt = checkAmount(cnt, { min: 1, max: ITEM_LIMITS.countMax });
  return (
    <form className="mt-6 space-y-4 rounded-2xl border border-neutral-200 p-4" onSubmit={(e) => void buy(e)} noValidate data-buy-form>
      {shownBalance !== null && (
        <p className="text-sm text-neutral-600" data-balance={shownBalance}>
          {t('buy.balance', { n: formatNumber(shownBalance, lang), currency: names })}
        </p>
      )}
      <div>
        <label htmlFor="buy-cnt" className="mb-1 block text-sm font-semibold">
          {t('buy.count')}
        </label>
        <input
          id="buy-cnt"
          inputMode="numeric"
          className={`${inputClass} max-w-40`}
          value={cnt}
          onChange={(e) => {
            key.reset();
            setCnt(e.target.value);
          }}
          aria-invalid={cntError !== ''}
          aria-describedby="buy-cnt-msg"
        />
        <FieldMessages id="buy-cnt" errors={[cntError]} hint={t('buy.countHint', { max: formatNumber(ITEM_LIMITS.countMax, lang) })} />
      </div>
      <p className="text-sm" data-total-price>
        {t('buy.total')}:{' '}
        {checkedCnt.ok ? (
          <>
            <ItemPrice amount={item.price} /> × {formatNumber(checkedCnt.value, lang)} ={' '}
            <ItemPrice amount={totalPrice(item.price, checkedCnt.value)} className="font-bold" />
          </>
        ) : (
          '—'
        )}
      </p>
      {item.gift_yn === 'Y' && (
        <fieldset className="space-y-3">
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              checked={asGift}
              onChange={(e) => {
                key.reset();
                setAsGift(e.target.checked);
              }}
              data-as-gift
            />
            {t('buy.asGift')}
          </label>
          {asGift && (
            <>
              <div>
                <label htmlFor="buy-gift-id" className="mb-1 block text-sm font-semibold">
                  {t('buy.giftId')}
                </label>
                <input
                  id="buy-gift-id"
                  className={inputClass}
                  value={giftId}
                  maxLength={64}
                  autoComplete="off"
                  onChange={(e) => {
                    key.reset();
                    setGiftId(e.target.value);
                  }}
                  aria-invalid={giftError !== ''}
                  aria-describedby="buy-gift-id-msg"
                />
                <FieldMessages id="buy-gift-id" errors={[giftError]} />
              </div>
              <div>
                <label htmlFor="buy-gift-message" className="mb-1 block text-sm font-semibold">
                  {t('buy.giftMessage')}
                </label>
                <input
                  id="buy-gift-message"
                  className={inputClass}
                  value={message}
                  maxLength={MESSAGE_MAX}
                  onChange={(e) => {
                    key.reset();
                    setMessage(e.target.value);
                  }}
                  aria-describedby="buy-gift-message-msg"
                />
                <FieldMessages id="buy-gift-message" hint={t('buy.giftMessageHint', { max: MESSAGE_MAX })} />
              </div>
            </>
          )}
        </fieldset>
      )}
      <FormError message={error} />
      {done && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-bought>
          {done.gift ? t('buy.giftDone', { id: giftId.trim() }) : t('buy.done')}{' '}
          <Link to={done.gift ? '/mypage/item/gift?tab=sent' : '/mypage/item'} className="font-semibold underline">
            {t('buy.toMyItems')}
          </Link>
        </p>
      )}
      {offSale && (
        <p className="rounded-lg bg-neutral-100 px-3 py-2 text-sm text-neutral-700" data-off-sale>
          {t('detail.offSale')}
        </p>
      )}
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy || offSale} data-buy>
        {busy ? t('buy.buying') : asGift && item.gift_yn === 'Y' ? t('buy.giftSubmit') : t('buy.submit')}
      </button>
    </form>
  );
}
