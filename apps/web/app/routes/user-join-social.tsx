import { JoinSocialPage } from '../features/social/join-social-page';
import { loadPendingSignup } from '../features/social/social.server';
import type { Route } from './+types/user-join-social';

/** A first social sign-in picks a nickname and agrees to the terms here (docs/accounts-social.md). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadPendingSignup(context);
}

export default function UserJoinSocial({ loaderData }: Route.ComponentProps) {
  return <JoinSocialPage pending={loaderData.pending} refusal={loaderData.refusal} />;
}
