import { ChannelProfileTab } from '../features/channels/channel-profile';

/** /channel/bj/{id}/profile: the broadcaster profile from the channel head (routes/channel.tsx). */
export default function ChannelProfileRoute() {
  return <ChannelProfileTab />;
}
