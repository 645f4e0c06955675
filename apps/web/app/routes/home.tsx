import {
  channelsEndpoints,
  contentEndpoints,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type SubscribeItem,
} from '@byeol/contract';
import { liveFollows } from '../features/channels/channel-rules';
import { HomePage } from '../features/home/home-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/home';

/** A section's list, or null when it could not be loaded (the section says so; the page still renders). */
async function section<E extends Endpoint>(
  context: Route.LoaderArgs['context'],
  ep: E,
  input: EndpointInput<E>,
): Promise<EndpointAnswer<E> | null> {
  try {
    const body = await loadEndpoint(context, ep, input);
    return body.rslt_cd === 0 ? body.rslt_set : null;
  } catch {
    return null;
  }
}

/** Followed BJs asked for at once: those on air come first, so the live ones of a long list are in it. */
const FOLLOWED_LIVE_MAX = 20;

/** A signed-in member's followed BJs that are live now; null for guests, and when it could not be loaded. */
async function followedLive(context: Route.LoaderArgs['context']): Promise<SubscribeItem[] | null> {
  try {
    const body = await loadEndpoint(context, channelsEndpoints.subscribeMore, { offset: 0, limit: FOLLOWED_LIVE_MAX });
    return body.rslt_cd === 0 ? liveFollows(body.rslt_set.data_list) : null;
  } catch {
    return null;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const [followed, live, replay, magazine] = await Promise.all([
    followedLive(context),
    section(context, contentEndpoints.liveList, { limit: 8 }),
    section(context, contentEndpoints.vodList, { limit: 8 }),
    section(context, contentEndpoints.magazineList, { limit: 4 }),
  ]);
  return { followedLive: followed, live, replay, magazine };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
