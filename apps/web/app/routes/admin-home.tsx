import type { AdminDashboard } from '@byeol/contract';
import { useOutletContext } from 'react-router';
import { DashboardPage } from '../features/admin/dashboard-page';
import type { Route } from './+types/admin-home';

/** /admin: the console's dashboard (its counts come with the frame's gate call). */
export function loader() {
  return { now: Date.now() };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const dashboard = useOutletContext<AdminDashboard>();
  return <DashboardPage dashboard={dashboard} now={loaderData.now} />;
}
