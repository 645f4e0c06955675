import { progressionEndpoints } from '@byeol/contract';
import { LevelTablesPage } from '../features/progression/level-tables-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/admin-levels';

/** /admin/levels: the four ladders' level tables (GET /v1/pubapi/level_table), replaced by operators (issue 23). */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, progressionEndpoints.levelTable, {});
  return body.rslt_cd === 0 ? { tables: body.rslt_set, message: '' } : { tables: null, message: body.rslt_msg };
}

export default function AdminLevels({ loaderData }: Route.ComponentProps) {
  return <LevelTablesPage key={JSON.stringify(loaderData.tables)} tables={loaderData.tables} message={loaderData.message} />;
}
