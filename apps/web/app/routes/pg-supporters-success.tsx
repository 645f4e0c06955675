import { loadUser } from '../features/account/account.server';
import { SupportersSuccessPage } from '../features/supporters/supporters-return-page';
import { supportersReturnOf } from '../features/supporters/supporters-rules';
import { useTranslation } from '../i18n/react';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/pg-supporters-success';

/**
 * /pg/supporters/success?order_id&type&…: where the supporters' checkout returns (docs/supporters.md). The
 * confirmation runs in the browser; a reload shows the paid charge (the server records it once).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await loadUser(context);
  return { signedIn: user !== null, ret: supportersReturnOf(new URL(request.url).searchParams) };
}

export default function PgSupportersSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('supporters');
  return (
    <LoginGate signedIn={loaderData.signedIn} title={t('pg.confirming')}>
      <SupportersSuccessPage ret={loaderData.ret} />
    </LoginGate>
  );
}
