import { editorialEndpoints } from '@byeol/contract';
import { parentMeta, scheduleMeta } from '../features/schedule/schedule-meta';
import { type ScheduleData, SchedulePage } from '../features/schedule/schedule-page';
import { kstDay, rangeOf, scheduleQueryOf } from '../features/schedule/schedule-rules';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/sub-schedule';

/**
 * /sub/schedule (issue 21, SPEC §2): `?view=week|month`, `?from=YYYY-MM-DD` (a week's first day, or a day of
 * the month shown) and `?kind=` read here, the range's slots and events loaded for the first render
 * (POST /sub/schedule_list), with the viewer's followed BJs first in each day.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<ScheduleData> {
  const today = kstDay(Date.now());
  const query = scheduleQueryOf(new URL(request.url).searchParams, today);
  const range = rangeOf(query);
  const body = await loadEndpoint(context, editorialEndpoints.scheduleList, { from: range.from, days: range.days, bj_kind: query.kind });
  if (body.rslt_cd === 0) return { query, today, set: body.rslt_set, message: '' };
  return { query, today, set: null, message: body.rslt_msg };
}

export default function SubSchedule({ loaderData }: Route.ComponentProps) {
  return <SchedulePage data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  scheduleMeta(matches.find((m) => m?.id === 'root')?.data as RootData | undefined, parentMeta(matches));
