import {
  CASH_RECEIPT_TYPES,
  type CashReceiptType,
  type Currency,
  PAYMENT_LIMITS,
  type PaymentOrder,
  type PaymentProduct,
  ResultCode,
  resultMessage,
} from '@byeol/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { formatNumber } from '../../lib/format';
import { useDialog } from '../../ui/dialogs';
import { fieldOf, isOk } from '../account/account-api';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../account/fields';
import { useSignIn } from '../account/use-sign-in';
import { useLang, useUser } from '../site/use-site';
import { kstDate } from '../store/item-rules';
import { useCurrencyNames } from '../store/use-currency';
import { checkDeposit, type DepositError, type DepositField, depositFieldOf, keepsDepositKey } from './payment-rules';
import { depositOrder, productList } from './payments-api';

/** KRW as the site shows it ('12,000원'). */
function useWon(): (n: number) => string {
  const { t } = useTranslation('payments');
  const lang = useLang();
  return (n) => t('won', { n: formatNumber(n, lang) });
}

/**
 * The payment panel (docs/payments.md, SPEC §2): tabs STAR and CUBIC by the site's terms (STAR first), the
 * packages on sale, the bank deposit form; after the order, the completion view. Closing it reloads the
 * page's data, so balances and lists show what changed.
 */
export function PaymentPanel({ initial = 'STAR', close }: { initial?: Currency; close: () => void }) {
  const { t } = useTranslation('payments');
  const names = useCurrencyNames();
  const [currency, setCurrency] = useState<Currency>(initial);
  const [products, setProducts] = useState<PaymentProduct[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [order, setOrder] = useState<PaymentOrder | null>(null);

  useEffect(() => {
    let live = true;
    void productList(undefined, t('panel.loadFailed')).then((res) => {
      if (!live) return;
      if (isOk(res)) setProducts(res.rslt_set.data_list);
      else setLoadError(res.rslt_msg || t('panel.loadFailed'));
    });
    return () => {
      live = false;
    };
  }, [t]);

  if (order) return <DepositDone order={order} close={close} />;
  const tabs: [Currency, string][] = [
    ['STAR', names.star],
    ['CUBIC', names.item],
  ];
  const shown = products?.filter((p) => p.currency === currency) ?? [];
  return (
    <div className="space-y-4 p-4 text-neutral-900" data-payment-panel>
      <div role="tablist" aria-label={t('panel.tabs')} className="grid grid-cols-2 gap-2">
        {tabs.map(([code, name]) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={currency === code}
            onClick={() => setCurrency(code)}
            data-payment-tab={code.toLowerCase()}
            className={`min-h-11 rounded-lg text-sm font-semibold ${
              currency === code ? 'bg-brand text-white' : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200'
            }`}
          >
            {name}
          </button>
        ))}
      </div>
      {loadError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-center text-sm text-red-700">
          {loadError}
        </p>
      ) : products === null ? (
        <p className="p-4 text-center text-sm text-neutral-500">{t('panel.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="rounded-lg bg-neutral-50 p-4 text-center text-sm text-neutral-500" data-empty="products">
          {t('panel.empty')}
        </p>
      ) : (
        <DepositForm key={currency} products={shown} onPlaced={setOrder} />
      )}
    </div>
  );
}

const RECEIPT_FIELD: Record<CashReceiptType, 'phone' | 'bizNo' | null> = { none: null, income: 'phone', expense: 'bizNo' };

/**
 * The bank deposit form: package, depositor, cash receipt (none, income deduction by mobile number, expense
 * proof by business number). Checked in the browser with the contract's functions; a server refusal shows
 * under the field it names. One idempotency key per user action: made on the first press, reused when that
 * press got no answer, dropped once the order is decided or the form changes.
 */
function DepositForm({ products, onPlaced }: { products: PaymentProduct[]; onPlaced: (order: PaymentOrder) => void }) {
  const { t } = useTranslation('payments');
  const lang = useLang();
  const won = useWon();
  const signIn = useSignIn();
  const [productSn, setProductSn] = useState<number | null>(null);
  const [depositor, setDepositor] = useState('');
  const [receiptType, setReceiptType] = useState<CashReceiptType>('none');
  const [receiptNo, setReceiptNo] = useState('');
  const [errors, setErrors] = useState<Partial<Record<DepositField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [undecided, setUndecided] = useState(false);
  const key = useRef<string | null>(null);

  const changed = (field: DepositField) => {
    // Another package, name or receipt is another order: the next press gets a new key.
    key.current = null;
    setUndecided(false);
    setFormError('');
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const input = { product_sn: productSn, depositor_nm: depositor, cash_receipt_type: receiptType, cash_receipt_no: receiptNo };
    const checked = checkDeposit(input);
    const found = Object.entries(checked) as [DepositField, DepositError][];
    if (found.length > 0) {
      setErrors(
        Object.fromEntries(
          found.map(([field, err]) => [field, field === 'product_sn' ? t('panel.pickProduct') : resultMessage(err.code, lang, err.params)]),
        ),
      );
      return;
    }
    key.current ??= crypto.randomUUID();
    setBusy(true);
    setFormError('');
    const res = await depositOrder(
      {
        product_sn: String(productSn),
        depositor_nm: depositor.trim(),
        cash_receipt_type: receiptType,
        cash_receipt_no: receiptType === 'none' ? '' : receiptNo.trim(),
      },
      key.current,
      t('form.failed'),
    );
    setBusy(false);
    const keep = keepsDepositKey(res.rslt_cd);
    if (!keep) key.current = null;
    setUndecided(keep);
    if (isOk(res)) {
      onPlaced(res.rslt_set);
      return;
    }
    if (res.rslt_cd === ResultCode.LOGIN_REQUIRED) {
      void signIn.open();
      return;
    }
    const field = depositFieldOf(res.rslt_cd, fieldOf(res));
    if (field) setErrors((e) => ({ ...e, [field]: res.rslt_msg }));
    else setFormError(res.rslt_cd === -1 ? t('form.failed') : res.rslt_msg);
  };

  const chosen = products.find((p) => p.product_sn === productSn);
  const receiptField = RECEIPT_FIELD[receiptType];
  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-deposit-form>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('panel.products')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3" aria-describedby="deposit-product-msg">
          {products.map((p) => (
            <button
              key={p.product_sn}
              type="button"
              aria-pressed={productSn === p.product_sn}
              onClick={() => {
                changed('product_sn');
                setProductSn(p.product_sn);
              }}
              data-product={p.product_sn}
              className={`flex min-h-14 flex-col items-center justify-center rounded-lg border px-2 py-2 text-sm ${
                productSn === p.product_sn ? 'border-brand bg-brand/10 text-brand' : 'border-neutral-300 bg-white hover:bg-neutral-100'
              }`}
            >
              <span className="font-semibold">{p.product_nm}</span>
              <span className="tabular-nums text-neutral-600" data-product-price={p.price}>
                {won(p.price)}
              </span>
            </button>
          ))}
        </div>
        <FieldMessages id="deposit-product" errors={errors.product_sn ? [errors.product_sn] : []} />
      </fieldset>
      <p className="text-sm text-neutral-600">{t('form.method')}</p>
      <div>
        <label htmlFor="deposit-depositor" className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('form.depositor')}
        </label>
        <input
          id="deposit-depositor"
          name="depositor_nm"
          autoComplete="name"
          className={inputClass}
          value={depositor}
          maxLength={PAYMENT_LIMITS.depositorMax + 10}
          onChange={(e) => {
            changed('depositor_nm');
            setDepositor(e.target.value);
          }}
          aria-invalid={Boolean(errors.depositor_nm)}
          aria-describedby="deposit-depositor-msg"
        />
        <FieldMessages
          id="deposit-depositor"
          errors={errors.depositor_nm ? [errors.depositor_nm] : []}
          hint={t('form.depositorHint', { max: PAYMENT_LIMITS.depositorMax })}
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('form.receipt')}</legend>
        <div className="flex flex-wrap gap-4">
          {CASH_RECEIPT_TYPES.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="cash_receipt_type"
                value={type}
                checked={receiptType === type}
                onChange={() => {
                  changed('cash_receipt_no');
                  setReceiptType(type);
                  setReceiptNo('');
                }}
              />
              {t(`receiptType.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {receiptField && (
        <div>
          <label htmlFor="deposit-receipt-no" className="mb-1 block text-sm font-semibold text-neutral-800">
            {t(`form.${receiptField}`)}
          </label>
          <input
            id="deposit-receipt-no"
            name="cash_receipt_no"
            inputMode="numeric"
            autoComplete={receiptField === 'phone' ? 'tel' : 'off'}
            className={inputClass}
            value={receiptNo}
            maxLength={40}
            onChange={(e) => {
              changed('cash_receipt_no');
              setReceiptNo(e.target.value);
            }}
            aria-invalid={Boolean(errors.cash_receipt_no)}
            aria-describedby="deposit-receipt-no-msg"
          />
          <FieldMessages
            id="deposit-receipt-no"
            errors={errors.cash_receipt_no ? [errors.cash_receipt_no] : []}
            hint={t(`form.${receiptField}Hint`)}
          />
        </div>
      )}
      <FormError message={formError} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy} data-deposit-submit>
        {busy
          ? t('form.sending')
          : undecided
            ? t('form.retry')
            : chosen
              ? t('form.submit', { price: won(chosen.price) })
              : t('form.request')}
      </button>
    </form>
  );
}

/** The completion view (SPEC §7 /popup/complete_payment_bankbook): where to deposit, how much, by when. */
export function DepositDone({ order, close }: { order: PaymentOrder; close: () => void }) {
  const { t } = useTranslation('payments');
  const won = useWon();
  const rows: [string, string, string][] = [
    ['product', t('done.product'), order.product_nm],
    ['account', t('done.account'), order.bank_account_nm],
    ['amount', t('done.amount'), won(order.price)],
    ['deadline', t('done.deadline'), kstDate(order.deadline_at, true)],
    ['order-no', t('done.orderNo'), order.order_no],
  ];
  return (
    <div className="space-y-4 p-4 text-neutral-900" data-deposit-done={order.user_payment_log_sn}>
      <h2 className="text-lg font-bold" role="status">
        {t('done.title')}
      </h2>
      <dl className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
        {rows.map(([key, label, value]) => (
          <div key={key} className="flex justify-between gap-4 px-3 py-2 text-sm" data-done={key}>
            <dt className="text-neutral-500">{label}</dt>
            <dd className="text-right font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-neutral-500">{t('done.note')}</p>
      <div className="grid grid-cols-2 gap-2">
        <Link to="/mypage/payment/bankbook" className={`${secondaryButton} text-center`} onClick={close}>
          {t('done.toOrders')}
        </Link>
        <button type="button" className={primaryButton} onClick={close}>
          {t('done.close')}
        </button>
      </div>
    </div>
  );
}

/**
 * The "charge" button: the payment panel for a member; for a signed-out viewer the sign-in panel and nothing
 * else. Closing the panel reloads the page's data (balances, order lists).
 */
export function ChargeButton({ currency = 'STAR', className }: { currency?: Currency; className?: string }) {
  const { t } = useTranslation('payments');
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const revalidator = useRevalidator();

  const open = async () => {
    if (!user) {
      void signIn.open();
      return;
    }
    await dialog.layer<void>((close) => <PaymentPanel initial={currency} close={() => close()} />, { title: t('panel.title') });
    void revalidator.revalidate();
  };

  return (
    <button type="button" onClick={() => void open()} className={className ?? primaryButton} data-charge-button>
      {t('links.charge')}
    </button>
  );
}
