import { ResultCode } from '@byeol/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../lib/answer';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { useSignIn } from '../account/use-sign-in';
import { bookmark } from './channels-api';

/**
 * Save a replay to /mypage/bookmark, or drop it (POST /mypage/bookmark_proc). There is no call reading one
 * replay's bookmark, so the button starts as "bookmark" and follows its own answers; saving one already
 * saved answers saved. Guests get the sign-in panel first, as the follow button does.
 */
export function BookmarkButton({ vodKey }: { vodKey: string }) {
  const { t } = useTranslation('channels');
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (user === null && !(await signIn.open())) return;
    setBusy(true);
    const res = await bookmark(vodKey, !saved, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (res.rslt_cd === ResultCode.LOGIN_REQUIRED) void signIn.open();
      else dialog.toast(res.rslt_msg || t('error.retry'));
      return;
    }
    const on = res.rslt_set.bookmarked_yn === 'Y';
    setSaved(on);
    dialog.toast(on ? t('bookmark.saved') : t('bookmark.removed'));
  }

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy}
      aria-pressed={saved}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold disabled:opacity-50 ${saved ? 'bg-violet-600 text-white' : 'bg-neutral-800 text-neutral-200'}`}
      data-bookmark-button={saved ? 'on' : 'off'}
    >
      {saved ? t('bookmark.on') : t('bookmark.off')}
    </button>
  );
}
