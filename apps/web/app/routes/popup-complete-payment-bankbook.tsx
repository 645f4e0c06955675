import { paymentsEndpoints } from '@byeol/contract';
import { CompleteBankbookPopup } from '../features/payments/bankbook-popups';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/popup-complete-payment-bankbook';

/**
 * SPEC §7 /popup/complete_payment_bankbook?user_payment_log_sn=N: a bank deposit order's account, amount,
 * deadline and order number in a popup window (POST /v1/popup/complete_payment_bankbook, the owner's only).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const sn = new URL(request.url).searchParams.get('user_payment_log_sn') ?? '';
  const answer = await loadEndpoint(context, paymentsEndpoints.depositOrderView, { user_payment_log_sn: sn });
  return {
    rsltCd: answer.rslt_cd,
    order: answer.rslt_cd === 0 ? answer.rslt_set : null,
    message: answer.rslt_cd === 0 ? '' : answer.rslt_msg,
  };
}

export default function PopupCompletePaymentBankbook({ loaderData }: Route.ComponentProps) {
  return <CompleteBankbookPopup {...loaderData} />;
}
