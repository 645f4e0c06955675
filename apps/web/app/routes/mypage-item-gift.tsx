import { itemsEndpoints } from '@byeol/contract';
import { GiftItemsPage } from '../features/store/my-items-page';
import { MY_ITEMS_PAGE_SIZE } from '../features/store/store-api';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-item-gift';

/** SPEC §2 /mypage/item/gift: items received as gifts, or (`?tab=sent`) given. Logged out: the sign-in gate. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const tab = new URL(request.url).searchParams.get('tab') === 'sent' ? 'sent' : 'received';
  const box = tab === 'sent' ? 'gift_sent' : 'gift_received';
  const list = await loadEndpoint(context, itemsEndpoints.list, { box, offset: 0, limit: MY_ITEMS_PAGE_SIZE });
  return { tab, signedIn: list.rslt_cd === 0, list: list.rslt_cd === 0 ? list.rslt_set : null } as const;
}

export default function MypageItemGift({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('store');
  const { tab, signedIn, list } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('mine.title')}>
      <GiftItemsPage key={tab} tab={tab} initial={list} />
    </LoginGate>
  );
}
