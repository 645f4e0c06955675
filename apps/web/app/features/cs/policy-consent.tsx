import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { pendingPolicies } from './cs-api';
import { isBarePath } from './cs-rules';

/**
 * The re-agreement of SPEC issue 19: once per page load, when a member is signed in (after signing in too),
 * GET /policy/policy_pending; required policies changed since the member agreed open a modal dialog listing
 * each (title, version, effective date, reason, a link to read it) with one "동의" that agrees to them all.
 * It cannot be dismissed (no Escape, no click outside, no close button): the only other way out is signing
 * out. Mounted once from the root (root.tsx); guests cost nothing. OBS overlays and popups never show it.
 */
export function PolicyConsent() {
  const { t } = useTranslation('cs');
  const user = useUser();
  const dialog = useDialog();
  const { pathname } = useLocation();
  const bare = isBarePath(pathname);
  // The member already asked in this page load, and how to close the dialog while it is open.
  const asked = useRef<number | null>(null);
  const closeOpen = useRef<(() => void) | null>(null);
  const userKey = user?.user_key ?? null;

  useEffect(() => {
    if (userKey === null) {
      // Signed out (here or elsewhere): the next sign-in asks again.
      asked.current = null;
      closeOpen.current?.();
      return;
    }
    if (bare || asked.current === userKey) return;
    asked.current = userKey;
    void (async () => {
      const res = await pendingPolicies(t('retry'));
      if (!isOk(res) || res.rslt_set.data_list.length === 0 || closeOpen.current || asked.current !== userKey) return;
      // The dialog's code loads only for a member who has something to agree to.
      const { ConsentBody } = await import('./policy-consent-body');
      if (closeOpen.current || asked.current !== userKey) return;
      await dialog.center(
        (close) => {
          closeOpen.current = () => close();
          return <ConsentBody pending={res.rslt_set.data_list} onDone={() => close()} />;
        },
        { title: t('consent.title'), dismissible: false, className: 'w-[min(92vw,34rem)]' },
      );
      closeOpen.current = null;
    })();
  }, [userKey, bare, dialog, t]);

  return null;
}
