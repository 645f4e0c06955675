import type { Currency, PaymentOrder, PaymentSuccessCheck } from '@byeol/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { type Answer, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLoginRequired } from '../../lib/use-login-required';
import { useLang } from '../../lib/use-site';
import { useWon } from '../../lib/use-won';
import { primaryButton, secondaryButton } from '../../ui/fields';
import { ChargeButton } from './charge-button';
import { isUserCancel, type PgFailure, type PgReturn } from './payment-rules';
import { cardConfirm, successCheck } from './payments-api';

/** The namespaces holding the checkout result texts (`pg.*`). */
type PgNamespace = 'payments' | 'supporters';
/** Where a checkout's confirmation stands: being sent, done (with what the page shows), refused, or unanswered. */
export type PgOutcome<T> =
  | { kind: 'confirming' }
  | { kind: 'paid'; value: T }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

/**
 * Sends a checkout's confirmation once when the page opens (`run`; null: nothing to confirm) and on
 * `retry`. The server is idempotent for the same payment, so a reload or a retry never charges twice.
 * LOGIN_REQUIRED reloads the page's data (the sign-in gate shows).
 */
export function usePgConfirm<T>(run: (() => Promise<Answer<T>>) | null, fallback: string) {
  const loginRequired = useLoginRequired();
  const [outcome, setOutcome] = useState<PgOutcome<T>>({ kind: 'confirming' });
  const started = useRef(false);
  const retry = useCallback(async () => {
    if (!run) return;
    setOutcome({ kind: 'confirming' });
    const res = await run();
    if (isOk(res)) setOutcome({ kind: 'paid', value: res.rslt_set });
    else if (!loginRequired(res))
      setOutcome(res.rslt_cd === -1 ? { kind: 'unreachable' } : { kind: 'refused', message: res.rslt_msg || fallback });
  }, [run, fallback, loginRequired]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void retry();
  }, [retry]);
  return { outcome, retry };
}

/**
 * A checkout's return page until it is paid: the address was no checkout's return (`run` null), the
 * confirmation is running, unanswered (with "confirm again") or refused (its message); `paid` draws the
 * rest. Texts are the `pg.*` keys of the namespace `ns`; `links` are the ways on once settled.
 */
export function PgConfirmView<T>({
  ns,
  valid,
  outcome,
  retry,
  links,
  paid,
}: {
  ns: PgNamespace;
  valid: boolean;
  outcome: PgOutcome<T>;
  retry: () => void;
  links: ReactNode;
  paid: (value: T) => ReactNode;
}) {
  const { t } = useTranslation(ns);
  if (!valid) {
    return (
      <ResultFrame result="invalid" title={t('pg.invalidTitle')} links={links}>
        <p>{t('pg.invalid')}</p>
      </ResultFrame>
    );
  }
  switch (outcome.kind) {
    case 'confirming':
      return (
        <ResultFrame result="confirming" title={t('pg.confirming')}>
          <p>{t('pg.confirmingNote')}</p>
        </ResultFrame>
      );
    case 'unreachable':
      return (
        <ResultFrame result="unreachable" title={t('pg.unreachableTitle')}>
          <p role="alert">{t('pg.unreachable')}</p>
          <button type="button" className={`${primaryButton} mt-4`} onClick={retry} data-pg-retry>
            {t('pg.retry')}
          </button>
        </ResultFrame>
      );
    case 'refused':
      return (
        <ResultFrame result="refused" title={t('pg.refusedTitle')} links={links}>
          <p role="alert" className="text-red-700" data-pg-message>
            {outcome.message}
          </p>
        </ResultFrame>
      );
    case 'paid':
      return paid(outcome.value);
  }
}

interface CardPaid {
  order: PaymentOrder;
  check: PaymentSuccessCheck | null;
}

/**
 * /pg/success: the card provider's checkout came back with paymentKey, orderId and amount. The page asks
 * the server to confirm (POST /pg/pg_confirm: it checks the order and the amount, then the provider, then
 * credits once), then whether the credit landed and the balance now (GET /sub/store_payment_success_check).
 * A reload or "try again" sends the same confirmation: the server answers the paid order again for the
 * same payment key and credits nothing twice. Refusals (a tampered amount, an order already paid…) show
 * their message. Once paid, the page's data reloads so the header shows the new balance.
 */
export function PgSuccessPage({ ret }: { ret: PgReturn | null }) {
  const { t } = useTranslation('payments');
  const revalidator = useRevalidator();
  const run = useMemo(() => {
    if (!ret) return null;
    return async (): Promise<Answer<CardPaid>> => {
      const res = await cardConfirm(ret, t('error.retry'));
      if (!isOk(res)) return res;
      const check = await successCheck(res.rslt_set.user_payment_log_sn, t('error.retry'));
      // The header and my page read the balances from the root data.
      void revalidator.revalidate();
      return { ...res, rslt_set: { order: res.rslt_set, check: isOk(check) ? check.rslt_set : null } };
    };
  }, [ret, t, revalidator]);
  const { outcome, retry } = usePgConfirm(run, t('error.retry'));
  return (
    <PgConfirmView
      ns="payments"
      valid={ret !== null}
      outcome={outcome}
      retry={() => void retry()}
      links={<PaymentResultLinks again={t('pg.tryAgain')} />}
      paid={(paid) => <PaidResult order={paid.order} check={paid.check} />}
    />
  );
}

/** The paid order: what was charged, what was paid, the balance of that currency now. */
function PaidResult({ order, check }: { order: PaymentOrder; check: PaymentSuccessCheck | null }) {
  const { t } = useTranslation('payments');
  const lang = useLang();
  const won = useWon();
  const names = useCurrencyNames();
  const credited = check === null || check.credited;
  const currency = (check?.currency ?? order.currency) === 'STAR' ? names.star : names.item;
  // Not credited: still being processed (pending), or the order ended otherwise since (refunded…).
  const title = credited
    ? t('pg.paidTitle')
    : check?.state === 'pending'
      ? t('pg.processingTitle')
      : t('done.stateTitle', { state: t(`state.${check?.state ?? 'pending'}`) });
  return (
    <ResultFrame
      result={credited ? 'paid' : (check?.state ?? 'processing')}
      title={title}
      links={<PaymentResultLinks again={t('pg.chargeMore')} currency={order.currency} />}
    >
      <p className="text-lg font-semibold" data-pg-charged>
        {t('pg.charged', { product: order.product_nm })}
      </p>
      <dl className="mt-4 divide-y divide-neutral-200 rounded-lg border border-neutral-200 text-left">
        <ResultRow name="price" label={t('pg.price')} value={won(order.price)} />
        <ResultRow name="order-no" label={t('done.orderNo')} value={order.order_no} />
        {check && (
          <ResultRow name="balance" label={t('pg.balance', { currency })} value={formatNumber(check.balance, lang)} data={check.balance} />
        )}
      </dl>
      {check?.state === 'pending' && <p className="mt-3 text-sm text-neutral-600">{t('pg.processing')}</p>}
    </ResultFrame>
  );
}

/** One line of a return page's summary (`data-pg-row`; `data` is the raw number for tests). */
export function ResultRow({ name, label, value, data }: { name: string; label: string; value: string; data?: number }) {
  return (
    <div className="flex justify-between gap-4 px-3 py-2 text-sm" data-pg-row={name} data-value={data}>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * /pg/fail: the checkout ended without a payment (the viewer cancelled, the card was declined…). Shows the
 * provider's message as text, says nothing was charged, and offers the payment panel again.
 */
export function PgFailPage({ failure }: { failure: PgFailure }) {
  const { t } = useTranslation('payments');
  return <PgFailView ns="payments" failure={failure} links={<PaymentResultLinks again={t('pg.tryAgain')} />} />;
}

/**
 * A checkout's fail page: cancelled or failed, the provider's message as text, "nothing was charged", the
 * code and the order. Texts are the `pg.*` keys of the namespace `ns` (`pg.orderId` takes `{{orderId}}`).
 */
export function PgFailView({ ns, failure, links }: { ns: PgNamespace; failure: PgFailure; links: ReactNode }) {
  const { t } = useTranslation(ns);
  const cancelled = isUserCancel(failure.code);
  return (
    <ResultFrame result={cancelled ? 'cancelled' : 'failed'} title={cancelled ? t('pg.cancelledTitle') : t('pg.failedTitle')} links={links}>
      {failure.message && (
        <p role="alert" className="text-red-700" data-pg-message>
          {failure.message}
        </p>
      )}
      <p className="mt-2 text-sm text-neutral-600">{t('pg.nothingCharged')}</p>
      {(failure.code || failure.orderId) && (
        <p className="mt-1 text-xs text-neutral-500" data-pg-code={failure.code}>
          {[failure.orderId && t('pg.orderId', { orderId: failure.orderId }), failure.code].filter(Boolean).join(' · ')}
        </p>
      )}
    </ResultFrame>
  );
}

/**
 * The frame of a checkout's return page: the title, the body, and (`links`, once settled) the ways on.
 * `data-pg-result` names the result for tests and styles.
 */
export function ResultFrame({ result, title, links, children }: { result: string; title: string; links?: ReactNode; children: ReactNode }) {
  const busy = result === 'confirming';
  return (
    <div className="mx-auto max-w-lg px-4 py-12 text-center" data-pg-result={result} aria-live="polite" aria-busy={busy ? true : undefined}>
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="mt-4 text-neutral-800">{children}</div>
      {links && <div className="mt-8 grid grid-cols-1 gap-2 sm:auto-cols-fr sm:grid-flow-col">{links}</div>}
    </div>
  );
}

/** The ways on from a card payment's return page: my page, the payment history, the payment panel again. */
function PaymentResultLinks({ again, currency }: { again: string; currency?: Currency }) {
  const { t } = useTranslation('payments');
  return (
    <>
      <Link to="/mypage" className={`${secondaryButton} text-center`} data-pg-link="mypage">
        {t('pg.toMypage')}
      </Link>
      <Link to="/mypage/payment" className={`${secondaryButton} text-center`} data-pg-link="orders">
        {t('links.orders')}
      </Link>
      <ChargeButton label={again} currency={currency} />
    </>
  );
}
