import { ResultCode } from '@byeol/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { useSignIn } from '../../ui/sign-in';
import { bookmark, bookmarkState } from './channels-api';

/**
 * Save a replay to /mypage/bookmark, or drop it (POST /mypage/bookmark_proc). A signed-in member's button
 * asks GET /mypage/bookmark_info first and stays disabled (muted, aria-busy) until it knows, so it never
 * shows the wrong state; a guest's starts as "bookmark" and gets the sign-in panel first, as the follow
 * button does. If the question fails the button works from "bookmark" (saving one already saved answers saved).
 */
export function BookmarkButton({ vodKey }: { vodKey: string }) {
  const { t } = useTranslation('channels');
  const user = useUser();
  const userKey = user?.user_key ?? 0;
  const signIn = useSignIn();
  const dialog = useDialog();
  // null: not known yet (a signed-in member's state is being asked).
  const [saved, setSaved] = useState<boolean | null>(userKey ? null : false);
  const [busy, setBusy] = useState(false);
  // A press answered after the question was asked wins over the question's (older) answer.
  const pressed = useRef(0);

  useEffect(() => {
    if (!userKey) {
      setSaved(false);
      return;
    }
    let live = true;
    const asked = pressed.current;
    setSaved(null);
    void bookmarkState(vodKey, t('error.retry')).then((res) => {
      if (live && pressed.current === asked) setSaved(isOk(res) && res.rslt_set.bookmarked_yn === 'Y');
    });
    return () => {
      live = false;
    };
  }, [vodKey, userKey, t]);

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
    pressed.current += 1;
    setSaved(on);
    dialog.toast(on ? t('bookmark.saved') : t('bookmark.removed'));
  }

  const pending = saved === null;
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy || pending}
      aria-pressed={pending ? undefined : saved}
      aria-busy={pending || busy}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold disabled:opacity-50 ${saved ? 'bg-violet-600 text-white' : 'bg-neutral-800 text-neutral-200'}`}
      data-bookmark-button={pending ? 'pending' : saved ? 'on' : 'off'}
    >
      {saved ? t('bookmark.on') : t('bookmark.off')}
    </button>
  );
}
