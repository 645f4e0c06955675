import { contentEndpoints, type ListSet, type LiveListItem, type MagazineListItem, type VodListItem } from '@byeol/contract';
import { HomePage } from '../features/home/home-page';
import { callApi } from '../features/site/site.server';
import type { Route } from './+types/home';

/** A section's list, or null when it could not be loaded (the section says so; the page still renders). */
async function section<T>(context: Route.LoaderArgs['context'], path: string): Promise<ListSet<T> | null> {
  try {
    const body = await callApi<ListSet<T>>(context, path);
    return body.rslt_cd === 0 ? body.rslt_set : null;
  } catch {
    return null;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const [live, replay, magazine] = await Promise.all([
    section<LiveListItem>(context, '/v1/pubapi/play_live_list?limit=8'),
    section<VodListItem>(context, `/v1${contentEndpoints.vodList.path}?limit=8`),
    section<MagazineListItem>(context, `/v1${contentEndpoints.magazineList.path}?limit=4`),
  ]);
  return { live, replay, magazine };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
