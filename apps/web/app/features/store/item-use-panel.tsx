import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { useSignIn } from '../../ui/sign-in';
import { MY_ITEMS_PAGE_SIZE, myItemsMore } from './store-api';

/**
 * The play page's "items" button: the item use panel (SPEC §2 on-demand panels) with the viewer's active
 * items; "use" uses one in this live room (item_use with vod_key, announced in the chat with code 60).
 * Signed out, the button opens the sign-in panel and nothing else (SPEC §4).
 */
export function ItemUseButton({ vodKey }: { vodKey: string }) {
  const { t } = useTranslation('store');
  const user = useUser();
  const signIn = useSignIn();
  const dialog = useDialog();

  async function open() {
    if (!user) {
      void signIn.open();
      return;
    }
    // The item list's code loads with the first opening, not with the play page.
    const [res, { UserItemList }] = await Promise.all([
      myItemsMore({ box: 'active', offset: 0, limit: MY_ITEMS_PAGE_SIZE }, t('error.retry')),
      import('./my-items-page'),
    ]);
    const initial = isOk(res) ? res.rslt_set : null;
    await dialog.layer(
      (close) => (
        <div className="p-4 text-neutral-900" data-item-use-panel>
          {initial === null && (
            <p role="alert" className="text-sm text-red-600">
              {res.rslt_msg || t('error.retry')}
            </p>
          )}
          {initial !== null && <UserItemList box="active" initial={initial} vodKey={vodKey} />}
          <p className="mt-4 text-center text-sm">
            <Link to="/store" onClick={() => close(undefined)} className="font-semibold text-brand hover:underline">
              {t('panel.toStore')}
            </Link>
          </p>
        </div>
      ),
      { title: t('panel.title') },
    );
  }

  return (
    <button
      type="button"
      onClick={() => void open()}
      className="rounded-full bg-neutral-800 px-4 py-1.5 text-sm font-semibold text-neutral-200 hover:bg-neutral-700"
      data-items-button
    >
      🎁 {t('panel.button')}
    </button>
  );
}
