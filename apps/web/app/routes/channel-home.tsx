import { ChannelHome } from '../features/channels/channel-home';

/** /channel/bj/{id}: the channel's home tab (the live broadcast, else the newest replay); the head comes from routes/channel.tsx. */
export default function ChannelHomeRoute() {
  return <ChannelHome />;
}
