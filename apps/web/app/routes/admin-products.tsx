import { ADMIN_PAGE_SIZE, type AdminPaymentProduct, paymentsEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { ProductsPage } from '../features/admin/products-page';
import type { Route } from './+types/admin-products';

/** /admin/products: every STAR and CUBIC package (POST /v1/admin/payment_product_list). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { page, offset } = pageOf(new URL(request.url).searchParams);
  const list = await loadAdminList<AdminPaymentProduct>(context, `/v1${paymentsEndpoints.adminProductList.path}`, {
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { page, list };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsPage data={loaderData.list} page={loaderData.page} />;
}
