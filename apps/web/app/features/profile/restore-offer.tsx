import { profileEndpoints, WITHDRAWAL_GRACE_DAYS } from '@byeol/contract';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { secondaryButton } from '../../ui/fields';

/**
 * Shown by the sign-in form when the login answered ACCOUNT_CLOSED: a withdrawn account can be restored
 * within its grace period with the same ID and password (POST /user/restore_proc), which also logs it in.
 */
export function RestoreOffer({ id, passwd, onRestored }: { id: string; passwd: string; onRestored: () => void | Promise<void> }) {
  const { t } = useTranslation('profile');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function restore() {
    setBusy(true);
    setMessage('');
    const res = await send(() => api.call(profileEndpoints.restore, { id: id.trim(), passwd }), t('error.retry'));
    if (isOk(res)) {
      await onRestored();
      return;
    }
    setBusy(false);
    setMessage(res.rslt_msg || t('error.retry'));
  }

  return (
    <div className="mt-2 space-y-2" data-restore-offer>
      <p>{t('restore.hint', { days: WITHDRAWAL_GRACE_DAYS })}</p>
      <button type="button" className={`${secondaryButton} w-full`} disabled={busy || passwd === ''} onClick={() => void restore()}>
        {busy ? t('restore.submitting') : t('restore.submit')}
      </button>
      {message && <p className="font-semibold">{message}</p>}
    </div>
  );
}
