import { itemsEndpoints } from '@byeol/contract';
import { ItemDetailPage } from '../features/store/item-detail-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/store-item-detail';

/** SPEC §2 /store/item/detail?item_sn=N through SPEC §7 POST /sub/store_detail_more; anyone may look. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const itemSn = new URL(request.url).searchParams.get('item_sn') ?? '';
  const answer = await loadEndpoint(context, itemsEndpoints.storeDetail, { item_sn: itemSn });
  return { item: answer.rslt_cd === 0 ? answer.rslt_set : null, message: answer.rslt_cd === 0 ? '' : answer.rslt_msg };
}

export default function StoreItemDetail({ loaderData }: Route.ComponentProps) {
  return <ItemDetailPage item={loaderData.item} message={loaderData.message} />;
}
