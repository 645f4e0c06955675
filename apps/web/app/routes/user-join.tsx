import { JoinPage } from '../features/account/join-page';

export default function UserJoin() {
  return <JoinPage />;
}
