import { ADMIN_PAGE_SIZE, type AdminPaymentOrder, paymentsEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { DepositsPage } from '../features/admin/deposits-page';
import type { Route } from './+types/admin-deposits';

/** /admin/deposits: pending bank deposits, oldest first (POST /v1/admin/deposit_list). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { page, offset } = pageOf(new URL(request.url).searchParams);
  const list = await loadAdminList<AdminPaymentOrder>(context, `/v1${paymentsEndpoints.adminDepositList.path}`, {
    state: 'pending',
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { page, list };
}

export default function AdminDeposits({ loaderData }: Route.ComponentProps) {
  return <DepositsPage key={JSON.stringify(loaderData.list)} data={loaderData.list} page={loaderData.page} />;
}
