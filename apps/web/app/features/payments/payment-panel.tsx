import {
  CASH_RECEIPT_TYPES,
  type CashReceiptType,
  type Currency,
  PAYMENT_LIMITS,
  type PaymentMethod,
  type PaymentOrder,
  type PaymentProduct,
  ResultCode,
  resultMessage,
} from '@byeol/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useActionKey } from '../../lib/action-key';
import { type Answer, fieldOf, isOk } from '../../lib/answer';
import { kstDate } from '../../lib/format';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLang, useSite } from '../../lib/use-site';
import { useWon } from '../../lib/use-won';
import { FieldMessages, FormError, primaryButton, secondaryButton, TextField } from '../../ui/fields';
import { useSignIn } from '../../ui/sign-in';
import { openCheckout } from './card-checkout';
import { checkDeposit, type DepositError, type DepositField, depositFieldOf, isUserCancel, shownState } from './payment-rules';
import { cardRequest, depositOrder, productList } from './payments-api';

/**
 * The payment panel (docs/payments.md, SPEC §2): tabs STAR and CUBIC by the site's terms (STAR first), the
 * packages on sale, the method (bank deposit or card) and its form; after a bank deposit order, the
 * completion view (`onPlaced` replaces it: the form popup goes to the completion popup instead). A card
 * order leaves for the provider's checkout and comes back to /pg/success or /pg/fail. Closing it reloads
 * the page's data, so balances and lists show what changed.
 */
export function PaymentPanel({
  initial = 'STAR',
  close,
  methods = PAYMENT_METHODS_SHOWN,
  onPlaced,
}: {
  initial?: Currency;
  close: () => void;
  methods?: readonly PaymentMethod[];
  onPlaced?: (order: PaymentOrder) => void;
}) {
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
        <ChargeForm key={currency} products={shown} methods={methods} onPlaced={onPlaced ?? setOrder} />
      )}
    </div>
  );
}

/** The methods the panel offers, bank deposit first. */
const PAYMENT_METHODS_SHOWN: readonly PaymentMethod[] = ['bankbook', 'card'];

const RECEIPT_FIELD: Record<CashReceiptType, 'phone' | 'bizNo' | null> = { none: null, income: 'phone', expense: 'bizNo' };

/**
 * The charge form: package, method, and for a bank deposit the depositor and cash receipt (none, income
 * deduction by mobile number, expense proof by business number). Checked in the browser with the contract's
 * functions; a server refusal shows under the field it names. A card order (POST /pg/pg_request) opens the
 * provider's checkout. One idempotency key per user action: made on the first press, reused when that press
 * got no answer, dropped once the order is decided or the form changes.
 */
function ChargeForm({
  products,
  methods,
  onPlaced,
}: {
  products: PaymentProduct[];
  methods: readonly PaymentMethod[];
  onPlaced: (order: PaymentOrder) => void;
}) {
  const { t } = useTranslation('payments');
  const lang = useLang();
  const won = useWon();
  const signIn = useSignIn();
  const [productSn, setProductSn] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod>(methods[0] ?? 'bankbook');
  const [depositor, setDepositor] = useState('');
  const [receiptType, setReceiptType] = useState<CashReceiptType>('none');
  const [receiptNo, setReceiptNo] = useState('');
  const [errors, setErrors] = useState<Partial<Record<DepositField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useActionKey();

  const changed = (field: DepositField) => {
    // Another package, method, name or receipt is another order: the next press gets a new key.
    key.reset();
    setFormError('');
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const refused = (res: Answer<unknown>) => {
    if (res.rslt_cd === ResultCode.LOGIN_REQUIRED) {
      void signIn.open();
      return;
    }
    const field = depositFieldOf(res.rslt_cd, fieldOf(res));
    if (field) setErrors((e) => ({ ...e, [field]: res.rslt_msg }));
    else setFormError(res.rslt_cd === -1 ? t('form.failed') : res.rslt_msg);
  };

  const payByCard = async (sn: number) => {
    setBusy(true);
    setFormError('');
    const res = await cardRequest(sn, key.take(), t('form.failed'));
    key.answered(res.rslt_cd);
    if (!isOk(res)) {
      setBusy(false);
      refused(res);
      return;
    }
    // The page leaves for the checkout; it only comes back here when Toss' window was closed or unreachable.
    const stayed = await openCheckout(res.rslt_set.checkout);
    setBusy(false);
    setFormError(isUserCancel(stayed.code) ? t('card.cancelled') : t('card.unavailable'));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (method === 'card') {
      if (productSn === null) setErrors({ product_sn: t('panel.pickProduct') });
      else await payByCard(productSn);
      return;
    }
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
    setBusy(true);
    setFormError('');
    const res = await depositOrder(
      {
        product_sn: String(productSn),
        depositor_nm: depositor.trim(),
        cash_receipt_type: receiptType,
        cash_receipt_no: receiptType === 'none' ? '' : receiptNo.trim(),
      },
      key.take(),
      t('form.failed'),
    );
    setBusy(false);
    key.answered(res.rslt_cd);
    if (isOk(res)) onPlaced(res.rslt_set);
    else refused(res);
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
                productSn === p.product_sn ? 'border-brand bg-brand/10 text-brand-dark' : 'border-neutral-300 bg-white hover:bg-neutral-100'
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
      {methods.length > 1 ? (
        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('form.methodLabel')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {methods.map((m) => (
              <label
                key={m}
                className={`flex min-h-11 items-center justify-center gap-2 rounded-lg border text-sm font-semibold ${
                  method === m ? 'border-brand bg-brand/10 text-brand-dark' : 'border-neutral-300 bg-white hover:bg-neutral-100'
                }`}
              >
                <input
                  type="radio"
                  name="method"
                  value={m}
                  checked={method === m}
                  onChange={() => {
                    changed('product_sn');
                    setErrors({});
                    setMethod(m);
                  }}
                  data-payment-method={m}
                />
                {t(`method.${m}`)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-neutral-600">{t('form.method')}</p>
      )}
      {method === 'card' ? (
        <p className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-600" data-card-note>
          {t('card.note')}
        </p>
      ) : (
        <>
          <TextField
            id="deposit-depositor"
            label={t('form.depositor')}
            name="depositor_nm"
            autoComplete="name"
            value={depositor}
            maxLength={PAYMENT_LIMITS.depositorMax + 10}
            onChange={(e) => {
              changed('depositor_nm');
              setDepositor(e.target.value);
            }}
            errors={errors.depositor_nm ? [errors.depositor_nm] : []}
            hint={t('form.depositorHint', { max: PAYMENT_LIMITS.depositorMax })}
          />
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
            <TextField
              id="deposit-receipt-no"
              label={t(`form.${receiptField}`)}
              name="cash_receipt_no"
              inputMode="numeric"
              autoComplete={receiptField === 'phone' ? 'tel' : 'off'}
              value={receiptNo}
              maxLength={40}
              onChange={(e) => {
                changed('cash_receipt_no');
                setReceiptNo(e.target.value);
              }}
              errors={errors.cash_receipt_no ? [errors.cash_receipt_no] : []}
              hint={t(`form.${receiptField}Hint`)}
            />
          )}
        </>
      )}
      <FormError message={formError} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy} data-deposit-submit data-method={method}>
        {busy
          ? t('form.sending')
          : key.undecided
            ? t('form.retry')
            : method === 'card'
              ? chosen
                ? t('card.submit', { price: won(chosen.price) })
                : t('card.request')
              : chosen
                ? t('form.submit', { price: won(chosen.price) })
                : t('form.request')}
      </button>
    </form>
  );
}

/** One fact of an order: key, label, shown value, and what a copy button copies (account number, amount). */
export type OrderFact = [key: string, label: string, value: string, copy?: string];

/** An order's facts as label/value rows (the completion view, the receipt); `attr` names each row by its key. */
export function OrderFacts({ rows, attr }: { rows: OrderFact[]; attr: 'data-done' | 'data-receipt' }) {
  return (
    <dl className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
      {rows.map(([key, label, value, copy]) => (
        <div key={key} className="flex items-center justify-between gap-4 px-3 py-2 text-sm" {...{ [attr]: key }}>
          <dt className="text-neutral-500">{label}</dt>
          <dd className="flex items-center gap-2 text-right font-semibold tabular-nums break-all">
            <span data-fact-value>{value}</span>
            {copy && <CopyButton text={copy} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Copies `text` (a bank account number, an amount) for pasting into a banking app; says so for 2 s (issue 15). */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('payments');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button
      type="button"
      className="min-h-9 shrink-0 rounded-md border border-neutral-300 px-2 text-xs font-semibold text-neutral-700 hover:bg-neutral-100"
      onClick={() => void copy()}
      data-copy={text}
    >
      <span aria-live="polite">{copied ? t('done.copied') : t('done.copy')}</span>
    </button>
  );
}

/**
 * The completion view (SPEC §7 /popup/complete_payment_bankbook): where to deposit, how much, by when, the
 * order number. Also the completion popup's body, which may show an order later: then its state heads it.
 * `toOrders` replaces the link to the bank deposit list (a popup sends its opener there).
 */
export function DepositDone({ order, close, toOrders }: { order: PaymentOrder; close: () => void; toOrders?: () => void }) {
  const { t } = useTranslation('payments');
  const won = useWon();
  const now = useSite()?.now ?? 0;
  const state = shownState(order, now);
  // The account number alone (digits and dashes) and the amount as digits: what a banking app takes.
  const accountNo = /\d[\d-]{5,}\d/.exec(order.bank_account_nm)?.[0] ?? order.bank_account_nm;
  const rows: OrderFact[] = [
    ['product', t('done.product'), order.product_nm],
    ['account', t('done.account'), order.bank_account_nm, accountNo],
    ['amount', t('done.amount'), won(order.price), String(order.price)],
    ['deadline', t('done.deadline'), kstDate(order.deadline_at, true)],
    ['order-no', t('done.orderNo'), order.order_no],
  ];
  return (
    <div className="space-y-4 p-4 text-neutral-900" data-deposit-done={order.user_payment_log_sn} data-state={state}>
      <h2 className="text-lg font-bold" role="status">
        {state === 'pending' ? t('done.title') : t('done.stateTitle', { state: t(`state.${state}`) })}
      </h2>
      <OrderFacts rows={rows} attr="data-done" />
      {state === 'pending' && <p className="text-xs text-neutral-500">{t('done.note')}</p>}
      <div className="grid grid-cols-2 gap-2">
        {toOrders ? (
          <button type="button" className={secondaryButton} onClick={toOrders}>
            {t('done.toOrders')}
          </button>
        ) : (
          <Link to="/mypage/payment/bankbook" className={`${secondaryButton} text-center`} onClick={close}>
            {t('done.toOrders')}
          </Link>
        )}
        <button type="button" className={primaryButton} onClick={close}>
          {t('done.close')}
        </button>
      </div>
    </div>
  );
}
