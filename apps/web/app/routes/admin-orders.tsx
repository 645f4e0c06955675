import { ADMIN_PAGE_SIZE, type AdminPaymentOrder, adminEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { OrdersPage } from '../features/admin/orders-page';
import type { Route } from './+types/admin-orders';

/** /admin/orders: the orders search (POST /v1/admin/payment_order_list); the filters are the URL's query. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const filters = Object.fromEntries(
    ['order_no', 'member', 'state', 'method', 'date_from', 'date_to'].map((k) => [k, params.get(k) ?? '']),
  );
  const list = await loadAdminList<AdminPaymentOrder>(context, `/v1${adminEndpoints.orderList.path}`, {
    ...filters,
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { page, list };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersPage data={loaderData.list} page={loaderData.page} />;
}
