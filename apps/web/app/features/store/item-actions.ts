import type { UserItem } from '@byeol/contract';
import { useCallback } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { newActionKey } from '../../lib/action-key';
import type { Answer } from '../../lib/answer';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { useSignIn } from '../../ui/sign-in';
import type { ItemAction } from './item-rules';
import { applyItem, isLoginRequired, refundItem, stopItem } from './store-api';

/** What an action answered: ok with the item as it is now (when the server sent it), or the message to show. */
export type ActionOutcome =
  | { ok: true; item: UserItem | null; message: string }
  | { ok: false; message: string }
  | { ok: false; cancelled: true; message: '' };

function itemOf(res: Answer<unknown>): UserItem | null {
  const set = res.rslt_set as Partial<UserItem> | null;
  return set && typeof set === 'object' && typeof set.user_item_sn === 'number' && typeof set.state === 'string' ? (set as UserItem) : null;
}

/**
 * Use, stop (the item clear panel: a confirm) and refund (a confirm; one idempotency key per confirmed
 * refund) of one of the viewer's items. Signed out, each opens the sign-in panel and does nothing else
 * (SPEC §4). `vodKey`: use it in that live room (announced in its chat).
 */
export function useItemActions(vodKey?: string) {
  const { t } = useTranslation('store');
  const dialog = useDialog();
  const user = useUser();
  const signIn = useSignIn();
  const revalidator = useRevalidator();

  return useCallback(
    async (action: ItemAction, item: UserItem): Promise<ActionOutcome> => {
      const cancelled = { ok: false, cancelled: true, message: '' } as const;
      if (!user) {
        void signIn.open();
        return cancelled;
      }
      const fallback = t('error.retry');
      let res: Answer<unknown>;
      if (action === 'use') {
        res = await applyItem(item.user_item_sn, vodKey, fallback);
      } else if (action === 'stop') {
        if (!(await dialog.confirm(t('actions.stopConfirm', { name: item.item.name }), { title: t('actions.stopTitle') })))
          return cancelled;
        res = await stopItem(item.user_item_sn, fallback);
      } else {
        if (!(await dialog.confirm(t('actions.refundConfirm', { name: item.item.name }), { title: t('actions.refundTitle') })))
          return cancelled;
        res = await refundItem(item.user_item_sn, newActionKey(), fallback);
      }
      if (isLoginRequired(res)) {
        await revalidator.revalidate();
        void signIn.open();
        return cancelled;
      }
      if (res.rslt_cd !== 0) return { ok: false, message: res.rslt_msg || fallback };
      if (action === 'refund') void revalidator.revalidate(); // the balance in the root data changed
      return { ok: true, item: itemOf(res), message: t(`actions.${action}Done`, { name: item.item.name }) };
    },
    [dialog, revalidator, signIn, t, user, vodKey],
  );
}
