import { ADMIN_PAGE_SIZE, type AdminStoreItem, itemsEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { ItemsPage } from '../features/admin/items-page';
import { categoryOf } from '../features/store/item-rules';
import type { Route } from './+types/admin-items';

/** /admin/items: the item catalogue, also off sale (POST /v1/admin/item_list), by `?category=`. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const list = await loadAdminList<AdminStoreItem>(context, `/v1${itemsEndpoints.adminList.path}`, {
    category: categoryOf(params.get('category')),
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { page, list };
}

export default function AdminItems({ loaderData }: Route.ComponentProps) {
  return <ItemsPage data={loaderData.list} page={loaderData.page} />;
}
