import { type Currency, type PaymentOrder, ResultCode } from '@byeol/contract';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { LoginGate } from '../../ui/login-gate';
import { DepositDone, PaymentPanel } from './payment-panel';

/**
 * SPEC §7 /popup/form_bankbook and /popup/complete_payment_bankbook as pages a window.open can show outside
 * the site's layout: the payment panel's bank deposit form and its completion view. Opened from
 * /mypage/payment/bankbook (the panel keeps its inline flow); without an opener (a link opened in a tab)
 * they behave as pages: "close" goes to the bank deposit list.
 */

export const FORM_BANKBOOK_PATH = '/popup/form_bankbook';
export const COMPLETE_BANKBOOK_PATH = '/popup/complete_payment_bankbook';

export function completeBankbookPath(userPaymentLogSn: number): string {
  return `${COMPLETE_BANKBOOK_PATH}?user_payment_log_sn=${userPaymentLogSn}`;
}

/** Opens a payments popup; a blocked popup opens the same page here instead. */
export function openPaymentPopup(path: string): void {
  const popup = window.open(path, 'byeol-bankbook', 'popup,width=480,height=720');
  if (!popup) window.location.assign(path);
}

/** The window that opened this popup, when it is still there (same origin: the site itself). */
function opener(): Window | null {
  const o = window.opener as Window | null;
  return o && !o.closed ? o : null;
}

/** Closes the popup, or (a page in a tab) goes to the bank deposit list. */
function useClosePopup() {
  const navigate = useNavigate();
  return () => {
    if (opener()) window.close();
    else void navigate('/mypage/payment/bankbook');
  };
}

/** Sends the opener to the bank deposit list (it shows the new order) and closes; a page in a tab goes there. */
function useToOrders() {
  const navigate = useNavigate();
  return () => {
    const o = opener();
    if (!o) {
      void navigate('/mypage/payment/bankbook');
      return;
    }
    o.location.assign('/mypage/payment/bankbook');
    window.close();
  };
}

function PopupFrame({ title, name, children }: { title: string; name: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-md py-4" data-popup={name}>
      <h1 className="px-4 text-xl font-bold">{title}</h1>
      {children}
    </main>
  );
}

/** /popup/form_bankbook?currency=STAR|CUBIC: the bank deposit form; a placed order opens the completion popup. */
export function FormBankbookPopup({ signedIn, currency }: { signedIn: boolean; currency: Currency }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const close = useClosePopup();
  return (
    <LoginGate signedIn={signedIn} title={t('popup.formTitle')}>
      <PopupFrame title={t('popup.formTitle')} name="form_bankbook">
        <PaymentPanel
          initial={currency}
          methods={['bankbook']}
          close={close}
          onPlaced={(order) => void navigate(completeBankbookPath(order.user_payment_log_sn), { replace: true })}
        />
      </PopupFrame>
    </LoginGate>
  );
}

/**
 * /popup/complete_payment_bankbook?user_payment_log_sn=N: the order's account, amount, deadline and order
 * number (the owner's only; a refusal shows its message).
 */
export function CompleteBankbookPopup({ rsltCd, order, message }: { rsltCd: number; order: PaymentOrder | null; message: string }) {
  const { t } = useTranslation('payments');
  const close = useClosePopup();
  const toOrders = useToOrders();
  return (
    <LoginGate signedIn={rsltCd !== ResultCode.LOGIN_REQUIRED} title={t('popup.completeTitle')}>
      <PopupFrame title={t('popup.completeTitle')} name="complete_payment_bankbook">
        {order ? (
          <DepositDone order={order} close={close} toOrders={toOrders} />
        ) : (
          <div className="p-4">
            <p role="alert" className="rounded-lg bg-red-50 p-4 text-center text-sm text-red-700" data-popup-error>
              {message || t('popup.notFound')}
            </p>
            <button type="button" onClick={close} className="mt-4 w-full text-sm text-brand underline-offset-2 hover:underline">
              {t('done.close')}
            </button>
          </div>
        )}
      </PopupFrame>
    </LoginGate>
  );
}
