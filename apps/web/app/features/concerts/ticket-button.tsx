import { type ConcertInfo, ResultCode } from '@byeol/contract';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useActionKey } from '../../lib/action-key';
import { isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useLang, useUser } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { useDialog } from '../../ui/dialogs';
import { primaryButton, secondaryButton } from '../../ui/fields';
import { useSignIn } from '../../ui/sign-in';
import { ChargeButton } from '../payments';
import { buyTicket } from './concert-api';
import { Price } from './concert-ui';

/** What the confirmation shows: the concert, the price, the balance now and after. */
function ConfirmBody({ info, balance }: { info: Pick<ConcertInfo, 'title' | 'price'>; balance: number }) {
  const { t } = useTranslation('concerts');
  const lang = useLang();
  const star = useStarName();
  const after = balance - info.price;
  return (
    <div className="space-y-3 text-left" data-ticket-confirm>
      <p className="font-semibold [overflow-wrap:anywhere]">{t('buy.confirm', { title: info.title })}</p>
      <dl className="space-y-1 rounded-lg bg-neutral-100 px-3 py-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt>{t('buy.price')}</dt>
          <dd className="font-bold">
            <Price price={info.price} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{t('buy.balance', { currency: star })}</dt>
          <dd className="tabular-nums" data-confirm-balance={balance}>
            {formatNumber(balance, lang)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{t('buy.after', { currency: star })}</dt>
          <dd className={`tabular-nums ${after < 0 ? 'font-bold text-red-600' : ''}`}>{formatNumber(after, lang)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The ticket button of a concert (its page, and the waiting room for a visitor without one): signed out,
 * the sign-in panel (SPEC §4); signed in, a confirmation with the price and the balance, then the purchase
 * with one idempotency key per confirmed press (kept while a press stays undecided: no answer, or the
 * ledger busy). Too little STAR: the server's message and the charge panel. Bought: the page's data reloads
 * (the ticket, and the balance in the header).
 */
export function TicketButton({ info, className = '' }: { info: Pick<ConcertInfo, 'concert_sn' | 'title' | 'price'>; className?: string }) {
  const { t } = useTranslation('concerts');
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const key = useActionKey();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [short, setShort] = useState(false);

  const buy = async () => {
    if (busy) return;
    if (!user) {
      void signIn.open();
      return;
    }
    // An undecided press is tried again as the same purchase, without asking again.
    if (!key.undecided) {
      const ok = await dialog.confirm(<ConfirmBody info={info} balance={user.star_cnt} />, { title: t('buy.confirmTitle') });
      if (!ok) return;
    }
    setBusy(true);
    setError('');
    setShort(false);
    const res = await buyTicket(info.concert_sn, key.take(), t('buy.failed'));
    setBusy(false);
    key.answered(res.rslt_cd);
    if (isOk(res)) {
      dialog.toast(t('buy.done'));
      void revalidator.revalidate();
      return;
    }
    if (res.rslt_cd === ResultCode.LOGIN_REQUIRED) {
      await revalidator.revalidate();
      void signIn.open();
      return;
    }
    if (res.rslt_cd === ResultCode.WALLET_INSUFFICIENT) setShort(true);
    // Already held (bought in another tab): the page shows the ticket.
    if (res.rslt_cd === ResultCode.CONCERT_TICKET_OWNED) void revalidator.revalidate();
    setError(res.rslt_msg || t('buy.failed'));
  };

  return (
    <div className={className} data-ticket-box>
      <button type="button" className={`${primaryButton} w-full text-base`} disabled={busy} onClick={() => void buy()} data-ticket-buy>
        {busy ? t('buy.busy') : key.undecided ? t('buy.retry') : info.price === 0 ? t('buy.buttonFree') : t('buy.button')}
      </button>
      {!user && <p className="mt-2 text-center text-sm text-neutral-600">{t('buy.guest')}</p>}
      {error && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-600" data-ticket-error>
          {error}
        </p>
      )}
      {short && <ChargeButton className={`${secondaryButton} mt-2 w-full`} />}
    </div>
  );
}
