import { ResultCode, type SupporterCharge } from '@byeol/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Answer, isOk } from '../account/account-api';
import { primaryButton, secondaryButton } from '../account/fields';
import { useLoginRequired } from '../account/login-gate';
import { isUserCancel, type PgFailure } from '../payments/payment-rules';
import { kstDate } from '../store/item-rules';
import { useWonText } from './store-supporters-page';
import { chargeOf, confirmBilling, confirmRegular } from './supporters-api';
import type { SupportersReturn } from './supporters-rules';

type Outcome =
  | { kind: 'confirming' }
  | { kind: 'paid'; charge: SupporterCharge }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

/**
 * /pg/supporters/success: the checkout came back. The page asks the server to confirm (it checks the order,
 * the owner and the amount or the card registration before the provider, then records the charge once). A
 * reload sends the confirmation again: the server refuses it as already paid, and the page shows the paid
 * charge instead.
 */
export function SupportersSuccessPage({ ret }: { ret: SupportersReturn | null }) {
  const { t } = useTranslation('supporters');
  const loginRequired = useLoginRequired();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'confirming' });
  const started = useRef(false);

  const confirm = useCallback(async () => {
    if (!ret) return;
    setOutcome({ kind: 'confirming' });
    let res: Answer<SupporterCharge> =
      ret.type === 'auto'
        ? await confirmBilling({ order_id: ret.orderId, auth_key: ret.authKey, customer_key: ret.customerKey }, t('error.retry'))
        : await confirmRegular({ payment_key: ret.paymentKey, order_id: ret.orderId, amount: ret.amount }, t('error.retry'));
    if (res.rslt_cd === ResultCode.SUPPORTER_ORDER_ALREADY_PAID) res = await chargeOf(ret.orderId, t('error.retry'));
    if (!isOk(res)) {
      if (loginRequired(res)) return;
      setOutcome(res.rslt_cd === -1 ? { kind: 'unreachable' } : { kind: 'refused', message: res.rslt_msg || t('error.retry') });
      return;
    }
    setOutcome({ kind: 'paid', charge: res.rslt_set });
  }, [ret, t, loginRequired]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void confirm();
  }, [confirm]);

  if (!ret) {
    return (
      <ResultFrame result="invalid" title={t('pg.invalidTitle')}>
        <p>{t('pg.invalid')}</p>
      </ResultFrame>
    );
  }
  switch (outcome.kind) {
    case 'confirming':
      return (
        <ResultFrame result="confirming" title={t('pg.confirming')} busy>
          <p>{t('pg.confirmingNote')}</p>
        </ResultFrame>
      );
    case 'unreachable':
      return (
        <ResultFrame result="unreachable" title={t('pg.unreachableTitle')}>
          <p role="alert">{t('pg.unreachable')}</p>
          <button type="button" className={`${primaryButton} mt-4`} onClick={() => void confirm()} data-pg-retry>
            {t('pg.retry')}
          </button>
        </ResultFrame>
      );
    case 'refused':
      return (
        <ResultFrame result="refused" title={t('pg.refusedTitle')}>
          <p role="alert" className="text-red-700" data-pg-message>
            {outcome.message}
          </p>
        </ResultFrame>
      );
    case 'paid':
      return <PaidCharge charge={outcome.charge} />;
  }
}

function PaidCharge({ charge }: { charge: SupporterCharge }) {
  const { t } = useTranslation('supporters');
  const won = useWonText();
  const until = charge.period_to ? kstDate(charge.period_to) : '';
  return (
    <ResultFrame result="paid" title={t('pg.paidTitle')} bj={charge.bj.user_key}>
      <p className="text-lg font-semibold" data-pg-charged>
        {charge.type === 'auto'
          ? t('pg.paidAuto', { nick: charge.bj.nick, next: until })
          : t('pg.paidRegular', { nick: charge.bj.nick, until })}
      </p>
      <dl className="mt-4 divide-y divide-neutral-200 rounded-lg border border-neutral-200 text-left">
        <Row name="type" label={t('store.typeLabel')} value={t(`type.${charge.type}`)} />
        <Row name="amount" label={t('pg.amount')} value={won(charge.amount)} />
        {charge.period_from && charge.period_to && (
          <Row name="period" label={t('pg.period')} value={`${kstDate(charge.period_from)} ~ ${kstDate(charge.period_to)}`} />
        )}
        {charge.card_label && <Row name="card" label={t('pg.card')} value={charge.card_label} />}
        <Row name="order-id" label={t('pg.orderId')} value={charge.order_id} />
      </dl>
    </ResultFrame>
  );
}

function Row({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 px-3 py-2 text-sm" data-pg-row={name}>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** /pg/supporters/fail: the checkout ended without a payment. The provider's message as text; nothing was charged. */
export function SupportersFailPage({ failure }: { failure: PgFailure }) {
  const { t } = useTranslation('supporters');
  const cancelled = isUserCancel(failure.code);
  return (
    <ResultFrame result={cancelled ? 'cancelled' : 'failed'} title={cancelled ? t('pg.cancelledTitle') : t('pg.failedTitle')}>
      {failure.message && (
        <p role="alert" className="text-red-700" data-pg-message>
          {failure.message}
        </p>
      )}
      <p className="mt-2 text-sm text-neutral-600">{t('pg.nothingCharged')}</p>
      {(failure.code || failure.orderId) && (
        <p className="mt-1 text-xs text-neutral-500" data-pg-code={failure.code}>
          {[failure.orderId && `${t('pg.orderId')} ${failure.orderId}`, failure.code].filter(Boolean).join(' · ')}
        </p>
      )}
    </ResultFrame>
  );
}

function ResultFrame({
  result,
  title,
  busy,
  bj,
  children,
}: {
  result: string;
  title: string;
  busy?: boolean;
  bj?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('supporters');
  const settled = !busy && result !== 'unreachable';
  return (
    <div className="mx-auto max-w-lg px-4 py-12 text-center" data-supporters-result={result} aria-busy={busy ? true : undefined}>
      <h1 className="text-2xl font-bold" role="status">
        {title}
      </h1>
      <div className="mt-4 text-neutral-800">{children}</div>
      {settled && (
        <div className="mt-8 grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Link to="/mypage/supporters" className={`${secondaryButton} text-center`} data-pg-link="mine">
            {t('pg.toMine')}
          </Link>
          <Link
            to={bj ? `/store/supporters?bj=${bj}` : '/store/supporters'}
            className={`${secondaryButton} text-center`}
            data-pg-link="store"
          >
            {t('pg.again')}
          </Link>
        </div>
      )}
    </div>
  );
}
