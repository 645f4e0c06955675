import { PIN, type VerifyPurpose, verificationEndpoints } from '@byeol/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { primaryButton, secondaryButton, TextField } from '../../ui/fields';

interface SentPin {
  verify_id: string;
  expire_sec: number;
  resend_sec: number;
}

/** 180 → '3:00'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Phone verification (accounts issue): the number, "send", the pin with its countdown (3:00), "resend"
 * once the cooldown (30 s) has passed, "confirm". Answers the verification token through `onVerified`.
 */
export function PhoneVerify({
  purpose,
  idPrefix = 'phone',
  sendPath = verificationEndpoints.sendPin.path,
  countryNum = '82',
  countryField,
  onVerified,
  onSendRefused,
}: {
  purpose: VerifyPurpose;
  idPrefix?: string;
  /** The send call: auth_phone_no_proc, or find_id_pw_phone_no_proc for the find-ID / reset-password screens. */
  sendPath?: string;
  onVerified: (verifyToken: string, phoneNo: string) => void;
  /** Told the result code of a refused send (e.g. PHONE_UNREGISTERED, to offer sign-up). */
  onSendRefused?: (rsltCd: number) => void;
  /** The phone's country calling code sent with the number (only 82 receives pins today). */
  countryNum?: string;
  /** A country-code choice shown above the number (the join page's; see ui/phone-country.tsx). */
  countryField?: React.ReactNode;
}) {
  const { t } = useTranslation('account');
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [sent, setSent] = useState<{ verifyId: string; expireAt: number; resendAt: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [phoneError, setPhoneError] = useState('');
  const [pinError, setPinError] = useState('');
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    if (!sent || verified) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [sent, verified]);

  const remaining = sent ? Math.max(0, (sent.expireAt - now) / 1000) : 0;
  const resendIn = sent ? Math.max(0, Math.ceil((sent.resendAt - now) / 1000)) : 0;
  const expired = sent !== null && remaining <= 0;

  async function sendPin() {
    setBusy('send');
    setPhoneError('');
    setPinError('');
    // Cleared before the request, not after its answer: the SMS can arrive (and be typed or autofilled)
    // before the answer does, and that pin must not be wiped.
    setPin('');
    const res = await send(
      () => api.post<SentPin>(sendPath, { phone_country_num: countryNum, phone_no: phone.trim(), purpose }),
      t('error.retry'),
    );
    setBusy(null);
    if (!isOk(res)) {
      setPhoneError(res.rslt_msg || t('error.retry'));
      onSendRefused?.(res.rslt_cd);
      return;
    }
    const at = Date.now();
    const set = res.rslt_set as SentPin;
    setSent({
      verifyId: set.verify_id,
      expireAt: at + (set.expire_sec ?? PIN.ttlSeconds) * 1000,
      resendAt: at + (set.resend_sec ?? PIN.resendSeconds) * 1000,
    });
    setNow(at);
  }

  async function confirmPin() {
    if (!sent) return;
    setBusy('confirm');
    setPinError('');
    const res = await send(
      () => api.call(verificationEndpoints.confirmPin, { verify_id: sent.verifyId, pincode: pin.trim() }),
      t('error.retry'),
    );
    setBusy(null);
    if (!isOk(res)) {
      const message = res.rslt_msg || t('error.retry');
      if (fieldOf(res) === 'phone_no') setPhoneError(message);
      else setPinError(message);
      return;
    }
    setVerified(true);
    onVerified((res.rslt_set as { verify_token: string }).verify_token, phone.trim());
  }

  return (
    <div className="space-y-4">
      {!verified && countryField}
      <TextField
        id={`${idPrefix}-number`}
        label={t('phone.number')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        value={phone}
        disabled={verified}
        onChange={(e) => setPhone(e.target.value.replace(/[^\d-]/g, ''))}
        errors={[phoneError]}
        success={sent && !verified ? t('phone.sent') : undefined}
        hint={t('phone.numberHint')}
        action={
          <button
            type="button"
            className={secondaryButton}
            disabled={verified || busy !== null || phone.trim() === '' || resendIn > 0}
            onClick={() => void sendPin()}
          >
            {busy === 'send' ? t('phone.sending') : sent ? t('phone.resend') : t('phone.send')}
          </button>
        }
      />
      {sent && !verified && resendIn > 0 && <p className="-mt-3 text-sm text-neutral-500">{t('phone.resendIn', { sec: resendIn })}</p>}
      {sent && (
        <TextField
          id={`${idPrefix}-pin`}
          label={t('phone.pin')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PIN.digits}
          value={pin}
          disabled={verified}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (pin.length === PIN.digits && !expired && busy === null) void confirmPin();
            }
          }}
          errors={[pinError, expired && !verified ? t('phone.expired') : '']}
          success={verified ? t('phone.verified') : undefined}
          hint={
            <span className="flex justify-between gap-2">
              <span>{t('phone.pinHint')}</span>
              <span className="font-semibold tabular-nums text-brand" data-countdown>
                {t('phone.remaining', { time: formatCountdown(remaining) })}
              </span>
            </span>
          }
          action={
            <button
              type="button"
              className={primaryButton}
              disabled={verified || busy !== null || expired || pin.length !== PIN.digits}
              onClick={() => void confirmPin()}
            >
              {busy === 'confirm' ? t('phone.confirming') : t('phone.confirm')}
            </button>
          }
        />
      )}
    </div>
  );
}
