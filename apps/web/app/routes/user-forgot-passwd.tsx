import { ForgotPasswdPage } from '../features/recovery/forgot-passwd-page';

export default function UserForgotPasswd() {
  return <ForgotPasswdPage />;
}
