import { itemsEndpoints } from '@byeol/contract';
import { ExpiredItemsPage } from '../features/store/my-items-page';
import { MY_ITEMS_PAGE_SIZE } from '../features/store/store-api';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-item-expired';

/** SPEC §2 /mypage/item/expired: expired, used-up and refunded items. Logged out: the sign-in gate. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await loadEndpoint(context, itemsEndpoints.list, { box: 'expired', offset: 0, limit: MY_ITEMS_PAGE_SIZE });
  return { signedIn: list.rslt_cd === 0, list: list.rslt_cd === 0 ? list.rslt_set : null };
}

export default function MypageItemExpired({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('store');
  const { signedIn, list } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('mine.title')}>
      <ExpiredItemsPage initial={list} />
    </LoginGate>
  );
}
