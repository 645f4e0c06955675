import { itemsEndpoints } from '@byeol/contract';
import { categoryOf } from '../features/store/item-rules';
import { STORE_PAGE_SIZE } from '../features/store/store-api';
import { StorePage } from '../features/store/store-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/store';

/** SPEC §2 /store: the storefront grid, all items or `?category=`, through SPEC §7 POST /sub/store_more. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const category = categoryOf(new URL(request.url).searchParams.get('category'));
  const answer = await loadEndpoint(context, itemsEndpoints.storeList, { category, offset: 0, limit: STORE_PAGE_SIZE });
  return { category, list: answer.rslt_cd === 0 ? answer.rslt_set : null };
}

export default function Store({ loaderData }: Route.ComponentProps) {
  return <StorePage view="grid" category={loaderData.category} initial={loaderData.list} />;
}
