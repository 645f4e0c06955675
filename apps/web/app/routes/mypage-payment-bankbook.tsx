import { paymentsEndpoints, ResultCode } from '@byeol/contract';
import { PaymentOrdersPage } from '../features/payments/payment-orders-page';
import { PAYMENT_PAGE_SIZE } from '../features/payments/payments-api';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-payment-bankbook';

/** SPEC §2 /mypage/payment/bankbook: the viewer's bank deposit orders with cancel for pending ones. Logged out: the sign-in gate. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await loadEndpoint(context, paymentsEndpoints.myDeposits, { offset: 0, limit: PAYMENT_PAGE_SIZE });
  return {
    signedIn: list.rslt_cd !== ResultCode.LOGIN_REQUIRED,
    list: list.rslt_cd === 0 ? list.rslt_set : null,
    now: Date.now(),
  };
}

export default function MypagePaymentBankbook({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('payments');
  const { signedIn, list, now } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('links.bankbook')}>
      <PaymentOrdersPage key={JSON.stringify(list)} box="bankbook" initial={list} now={now} />
    </LoginGate>
  );
}
