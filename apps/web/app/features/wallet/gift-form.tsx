import { checkAmount, ResultCode, resultMessage, STAR_GIFT } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useActionKey } from '../../lib/action-key';
import { isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useLang, useUser } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { useSignIn } from '../../ui/sign-in';
import { ChargeButton } from '../payments';
import { sendGift } from './gift-api';

const AMOUNT_CODES = new Set<number>([
  ResultCode.WALLET_AMOUNT_NOT_NUMBER,
  ResultCode.WALLET_AMOUNT_NOT_WHOLE,
  ResultCode.WALLET_AMOUNT_TOO_SMALL,
  ResultCode.WALLET_AMOUNT_TOO_LARGE,
  ResultCode.REQUIRED,
]);

/**
 * The gift panel (SPEC §7 /popup/gift): the STAR_GIFT presets and a direct input with its bounds, an
 * optional message, the viewer's balance by the site's term. The amount is checked in the browser with the
 * contract's own `checkAmount` (the server runs the same), each bad amount with its message under the
 * field. One idempotency key per user action: made on the first press, reused when that press got no
 * answer (or the ledger was busy), dropped once the gift is decided or the form changes.
 */
export function GiftForm({ vodKey, bjNick, close }: { vodKey: string; bjNick: string; close: () => void }) {
  const { t } = useTranslation('wallet');
  const lang = useLang();
  const user = useUser();
  const dialog = useDialog();
  const signIn = useSignIn();
  const revalidator = useRevalidator();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  /** A donation (50): the message is required and shown as a donation in the room. */
  const [donation, setDonation] = useState(false);
  const [messageError, setMessageError] = useState('');
  const [amountError, setAmountError] = useState('');
  const [formError, setFormError] = useState('');
  /** The wallet holds too little: the charge panel is offered right there (issue 15). */
  const [short, setShort] = useState(false);
  const [busy, setBusy] = useState(false);
  const [balance, setBalance] = useState<number | null>(null);
  const key = useActionKey();
  const star = useStarName();

  const change = (next: { amount?: string; message?: string; donation?: boolean }) => {
    // Another amount, message or kind is another gift: the next press gets a new key.
    key.reset();
    setFormError('');
    setMessageError('');
    if (next.donation !== undefined) setDonation(next.donation);
    if (next.amount !== undefined) {
      setAmount(next.amount);
      setAmountError('');
    }
    if (next.message !== undefined) setMessage(next.message);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkAmount(amount, STAR_GIFT, 'star_cnt');
    if (!checked.ok) setAmountError(resultMessage(checked.code, lang, checked.params));
    // SPEC §5 style: a donation's message is a required field (the server refuses it the same way).
    const missing = donation && message.trim() === '';
    if (missing) setMessageError(resultMessage('REQUIRED', lang, { field: 'message' }));
    if (!checked.ok || missing) return;
    setBusy(true);
    setFormError('');
    setShort(false);
    const res = await sendGift(
      { vod_key: vodKey, star_cnt: String(checked.value), message: message.trim(), ...(donation ? { donation_yn: 'Y' as const } : {}) },
      key.take(),
      t('gift.failed'),
    );
    setBusy(false);
    key.answered(res.rslt_cd);
    if (isOk(res)) {
      const set = res.rslt_set;
      setBalance(set.balance);
      void revalidator.revalidate();
      const done = t('gift.done', { star, n: formatNumber(set.star_cnt, lang) });
      const joined = set.fan_no
        ? t('gift.nowFanNo', { nick: bjNick, no: formatNumber(set.fan_no, lang) })
        : t('gift.nowFan', { nick: bjNick });
      dialog.toast(set.first_gift ? `${done} ${joined}` : done);
      close();
      return;
    }
    if (res.rslt_cd === ResultCode.LOGIN_REQUIRED) {
      void signIn.open();
      return;
    }
    if (res.rslt_cd === ResultCode.WALLET_INSUFFICIENT) setShort(true);
    if (res.rslt_cd === ResultCode.REQUIRED && donation && message.trim() === '') setMessageError(res.rslt_msg);
    else if (AMOUNT_CODES.has(res.rslt_cd)) setAmountError(res.rslt_msg);
    else setFormError(res.rslt_cd === -1 ? t('gift.failed') : res.rslt_msg);
  };

  const shownBalance = balance ?? user?.star_cnt ?? 0;
  const chars = [...message].length;
  return (
    <form className="space-y-4 p-4 text-neutral-900" onSubmit={(e) => void submit(e)} noValidate data-gift-form>
      <p className="text-sm text-neutral-600">{t('gift.to', { nick: bjNick })}</p>
      <p className="flex items-center justify-between rounded-lg bg-neutral-100 px-3 py-2 text-sm">
        <span>{t('gift.balance', { star })}</span>
        <strong data-gift-balance={shownBalance}>{t('gift.balanceN', { n: formatNumber(shownBalance, lang) })}</strong>
      </p>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('gift.presets')}</legend>
        <div className="grid grid-cols-4 gap-2">
          {STAR_GIFT.presets.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={amount === String(n)}
              onClick={() => change({ amount: String(n) })}
              className={`min-h-11 rounded-lg border px-2 text-sm font-semibold ${
                amount === String(n) ? 'border-pink-600 bg-pink-600 text-white' : 'border-neutral-300 bg-white hover:bg-neutral-100'
              }`}
              data-gift-preset={n}
            >
              {t('gift.presetN', { n: formatNumber(n, lang) })}
            </button>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="gift-amount" className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('gift.amount')}
        </label>
        <input
          id="gift-amount"
          name="star_cnt"
          inputMode="numeric"
          autoComplete="off"
          className={inputClass}
          value={amount}
          onChange={(e) => change({ amount: e.target.value })}
          aria-invalid={amountError !== ''}
          aria-describedby="gift-amount-msg"
        />
        <FieldMessages
          id="gift-amount"
          errors={amountError ? [amountError] : []}
          hint={t('gift.amountHint', { min: formatNumber(STAR_GIFT.min, lang), max: formatNumber(STAR_GIFT.max, lang) })}
        />
      </div>
      <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg border border-neutral-200 px-3 py-2">
        <span>
          <span className="block text-sm font-semibold text-neutral-800">{t('gift.donation')}</span>
          <span className="block text-xs text-neutral-500">{t('gift.donationHint')}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-checked={donation}
          name="donation_yn"
          checked={donation}
          onChange={(e) => change({ donation: e.target.checked })}
          className="h-5 w-5 shrink-0 accent-pink-600"
          data-gift-donation
        />
      </label>
      <div>
        <label htmlFor="gift-message" className="mb-1 block text-sm font-semibold text-neutral-800">
          {donation ? t('gift.donationMessage') : t('gift.message')}
          {donation && (
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>
          )}
        </label>
        <input
          id="gift-message"
          name="message"
          className={inputClass}
          value={message}
          maxLength={STAR_GIFT.messageMax}
          placeholder={donation ? t('gift.donationPlaceholder') : t('gift.messagePlaceholder')}
          onChange={(e) => change({ message: e.target.value })}
          aria-required={donation || undefined}
          aria-invalid={messageError !== ''}
          aria-describedby="gift-message-msg"
        />
        <div className="flex items-start justify-between gap-2">
          <FieldMessages id="gift-message" errors={messageError ? [messageError] : []} />
          <p className="mt-1 shrink-0 text-right text-xs text-neutral-500">{t('gift.counter', { n: chars, max: STAR_GIFT.messageMax })}</p>
        </div>
      </div>
      <FormError message={formError} />
      {short && <ChargeButton className={`${secondaryButton} w-full`} />}
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy} data-gift-submit>
        {busy ? t('gift.sending') : key.undecided ? t('gift.retry') : t('gift.submit')}
      </button>
    </form>
  );
}

/**
 * The play page's gift button: the gift panel for a member; for a signed-out viewer the sign-in panel and
 * nothing else (SPEC §4).
 */
export function GiftButton({ vodKey, bjNick }: { vodKey: string; bjNick: string }) {
  const { t } = useTranslation('wallet');
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const star = useStarName();

  const open = () => {
    if (!user) {
      void signIn.open();
      return;
    }
    void dialog.layer<void>((close) => <GiftForm vodKey={vodKey} bjNick={bjNick} close={() => close()} />, {
      title: t('gift.title', { star }),
    });
  };

  return (
    <button
      type="button"
      onClick={open}
      className="rounded-full bg-pink-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-pink-500"
      data-gift-button
    >
      ★ {t('gift.button', { star })}
    </button>
  );
}
