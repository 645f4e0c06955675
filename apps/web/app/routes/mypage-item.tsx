import { itemsEndpoints } from '@byeol/contract';
import { MyItemsPage } from '../features/store/my-items-page';
import { MY_ITEMS_PAGE_SIZE } from '../features/store/store-api';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-item';

/** SPEC §2 /mypage/item: the counters (GET /mypage/item) and the active items. Logged out: the sign-in gate. */
export async function loader({ context }: Route.LoaderArgs) {
  const [summary, list] = await Promise.all([
    loadEndpoint(context, itemsEndpoints.summary),
    loadEndpoint(context, itemsEndpoints.list, { box: 'active', offset: 0, limit: MY_ITEMS_PAGE_SIZE }),
  ]);
  if (summary.rslt_cd !== 0) return { summary: null, list: null };
  return { summary: summary.rslt_set, list: list.rslt_cd === 0 ? list.rslt_set : null };
}

export default function MypageItem({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('store');
  const { summary, list } = loaderData;
  return (
    <LoginGate signedIn={summary !== null} title={t('mine.title')}>
      {summary && <MyItemsPage key={JSON.stringify(summary.counters)} summary={summary} initial={list} />}
    </LoginGate>
  );
}
