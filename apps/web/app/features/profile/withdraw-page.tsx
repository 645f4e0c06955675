import { profileEndpoints, type UserInfo, type WithdrawInfoSet } from '@byeol/contract';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { useLoginRequired } from '../../lib/use-login-required';
import { useDialog } from '../../ui/dialogs';
import { FormError, primaryButton, TextField } from '../../ui/fields';
import { MyPageFrame } from './my-page-frame';

const dangerButton = primaryButton.replace('bg-brand ', 'bg-red-600 ').replace('hover:bg-brand-dark', 'hover:bg-red-700');

/**
 * Withdrawal (/mypage/withdraw): what happens, then the password (or, for an account without one, the
 * typed nickname), an explicit agreement and a last confirm. Done: logged out, on the home page.
 */
export function WithdrawPage({ info, user }: { info: WithdrawInfoSet; user: UserInfo | null }) {
  const { t } = useTranslation('profile');
  const dialog = useDialog();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const loginRequired = useLoginRequired();
  const [secret, setSecret] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const byPassword = info.confirm_by === 'passwd';
  const field = byPassword ? 'passwd' : 'confirm_nick';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy || !agreed || secret === '') return;
    if (!(await dialog.confirm(t('withdraw.confirm'), { yesNo: true }))) return;
    setBusy(true);
    setError(null);
    const res = await send(() => api.call(profileEndpoints.withdraw, { [field]: byPassword ? secret : secret.trim() }), t('error.retry'));
    if (loginRequired(res)) {
      setBusy(false);
      return;
    }
    if (isOk(res)) {
      await navigate('/');
      await revalidator.revalidate();
      dialog.toast(t('withdraw.done'));
      return;
    }
    setBusy(false);
    setError({ field: fieldOf(res), message: res.rslt_msg || t('error.retry') });
  }

  const fieldError = error && (error.field === field || !error.field) ? error.message : '';
  return (
    <MyPageFrame title={t('withdraw.title')}>
      <section aria-labelledby="withdraw-notice" className="mb-6 rounded-2xl bg-neutral-50 p-5 text-sm text-neutral-700">
        <h2 id="withdraw-notice" className="mb-2 font-bold text-neutral-900">
          {t('withdraw.noticeTitle')}
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t('withdraw.notice.logout')}</li>
          <li>{t('withdraw.notice.grace', { days: info.grace_days })}</li>
          <li>{t('withdraw.notice.purge', { days: info.grace_days })}</li>
          <li>{t('withdraw.notice.id')}</li>
        </ul>
      </section>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-busy={busy} noValidate>
        {byPassword ? (
          <TextField
            id="withdraw-passwd"
            name="passwd"
            type="password"
            label={t('withdraw.passwd')}
            autoComplete="current-password"
            maxLength={64}
            value={secret}
            onChange={(e) => {
              setSecret(e.target.value);
              setError(null);
            }}
            errors={[fieldError]}
          />
        ) : (
          <TextField
            id="withdraw-nick"
            name="confirm_nick"
            label={t('withdraw.nick', { nick: user?.nick ?? '' })}
            autoComplete="off"
            maxLength={40}
            value={secret}
            onChange={(e) => {
              setSecret(e.target.value);
              setError(null);
            }}
            errors={[fieldError]}
          />
        )}
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="size-5 accent-brand" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          {t('withdraw.agree')}
        </label>
        <FormError message={error?.field && error.field !== field ? error.message : undefined} />
        <button type="submit" className={`${dangerButton} w-full`} disabled={busy || !agreed || secret === ''}>
          {busy ? t('withdraw.submitting') : t('withdraw.submit')}
        </button>
      </form>
    </MyPageFrame>
  );
}
