import { ResultCode, type SupporterCharge } from '@byeol/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { Answer } from '../../lib/answer';
import { kstDate } from '../../lib/format';
import { useWon } from '../../lib/use-won';
import { secondaryButton } from '../../ui/fields';
import { PgConfirmView, type PgFailure, PgFailView, ResultFrame, ResultRow, usePgConfirm } from '../payments';
import { chargeOf, confirmBilling, confirmRegular } from './supporters-api';
import type { SupportersReturn } from './supporters-rules';

/**
 * /pg/supporters/success: the checkout came back. The page asks the server to confirm (it checks the order,
 * the owner and the amount or the card registration before the provider, then records the charge once). A
 * reload sends the confirmation again: the server refuses it as already paid, and the page shows the paid
 * charge instead. The confirmation flow and the frame are the card payments' (pg-result-page.tsx).
 */
export function SupportersSuccessPage({ ret }: { ret: SupportersReturn | null }) {
  const { t } = useTranslation('supporters');
  const run = useMemo(() => {
    if (!ret) return null;
    return async (): Promise<Answer<SupporterCharge>> => {
      const res =
        ret.type === 'auto'
          ? await confirmBilling({ order_id: ret.orderId, auth_key: ret.authKey, customer_key: ret.customerKey }, t('error.retry'))
          : await confirmRegular({ payment_key: ret.paymentKey, order_id: ret.orderId, amount: ret.amount }, t('error.retry'));
      return res.rslt_cd === ResultCode.SUPPORTER_ORDER_ALREADY_PAID ? chargeOf(ret.orderId, t('error.retry')) : res;
    };
  }, [ret, t]);
  const { outcome, retry } = usePgConfirm(run, t('error.retry'));
  return (
    <PgConfirmView
      ns="supporters"
      valid={ret !== null}
      outcome={outcome}
      retry={() => void retry()}
      links={<SupportersResultLinks />}
      paid={(charge) => <PaidCharge charge={charge} />}
    />
  );
}

function PaidCharge({ charge }: { charge: SupporterCharge }) {
  const { t } = useTranslation('supporters');
  const won = useWon();
  const until = charge.period_to ? kstDate(charge.period_to) : '';
  return (
    <ResultFrame result="paid" title={t('pg.paidTitle')} links={<SupportersResultLinks bj={charge.bj.user_key} />}>
      <p className="text-lg font-semibold" data-pg-charged>
        {charge.type === 'auto'
          ? t('pg.paidAuto', { nick: charge.bj.nick, next: until })
          : t('pg.paidRegular', { nick: charge.bj.nick, until })}
      </p>
      <dl className="mt-4 divide-y divide-neutral-200 rounded-lg border border-neutral-200 text-left">
        <ResultRow name="type" label={t('store.typeLabel')} value={t(`type.${charge.type}`)} />
        <ResultRow name="amount" label={t('pg.amount')} value={won(charge.amount)} data={charge.amount} />
        {charge.period_from && charge.period_to && (
          <ResultRow name="period" label={t('pg.period')} value={`${kstDate(charge.period_from)} ~ ${kstDate(charge.period_to)}`} />
        )}
        {charge.card_label && <ResultRow name="card" label={t('pg.card')} value={charge.card_label} />}
        <ResultRow name="order-id" label={t('pg.orderNo')} value={charge.order_id} />
      </dl>
    </ResultFrame>
  );
}

/** /pg/supporters/fail: the checkout ended without a payment. The provider's message as text; nothing was charged. */
export function SupportersFailPage({ failure }: { failure: PgFailure }) {
  return <PgFailView ns="supporters" failure={failure} links={<SupportersResultLinks />} />;
}

/** The ways on from a supporters' return page: my supports, the supporters page again (for the same BJ once paid). */
function SupportersResultLinks({ bj }: { bj?: number }) {
  const { t } = useTranslation('supporters');
  return (
    <>
      <Link to="/mypage/supporters" className={`${secondaryButton} text-center`} data-pg-link="mine">
        {t('pg.toMine')}
      </Link>
      <Link to={bj ? `/store/supporters?bj=${bj}` : '/store/supporters'} className={`${secondaryButton} text-center`} data-pg-link="store">
        {t('pg.again')}
      </Link>
    </>
  );
}
