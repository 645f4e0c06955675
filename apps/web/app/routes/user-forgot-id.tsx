import { ForgotIdPage } from '../features/recovery/forgot-id-page';

export default function UserForgotId() {
  return <ForgotIdPage />;
}
