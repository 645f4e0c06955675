import type { StoreItem } from '@byeol/contract';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { useSignIn } from '../../ui/sign-in';
import { ItemImage, ItemPrice, ItemTerms } from './store-ui';

/**
 * The item detail panel (SPEC §2 on-demand panels): what an item of the viewer's lists is and its terms,
 * with the way to its store page. Signed out, the sign-in panel opens instead and nothing else (SPEC §4).
 */
export function useItemDetailPanel(): (item: StoreItem) => Promise<void> {
  const { t } = useTranslation('store');
  const dialog = useDialog();
  const user = useUser();
  const signIn = useSignIn();
  return useCallback(
    async (item: StoreItem) => {
      if (!user) {
        void signIn.open();
        return;
      }
      await dialog.layer(
        (close) => (
          <div className="space-y-4 p-5 text-neutral-900" data-item-detail-panel={item.item_sn}>
            <div className="flex items-center gap-4">
              <ItemImage item={item} className="size-16" />
              <div className="min-w-0">
                <p className="text-lg font-bold">{item.name}</p>
                <ItemPrice amount={item.price} className="font-semibold text-brand" />
              </div>
            </div>
            {item.description && <p className="whitespace-pre-line text-sm text-neutral-700">{item.description}</p>}
            <ItemTerms item={item} />
            <p className="text-center text-sm">
              <Link
                to={`/store/item/detail?item_sn=${item.item_sn}`}
                onClick={() => close(undefined)}
                className="font-semibold text-brand hover:underline"
              >
                {t('panel.toDetail')}
              </Link>
            </p>
          </div>
        ),
        { title: t('panel.detailTitle') },
      );
    },
    [dialog, signIn, t, user],
  );
}
