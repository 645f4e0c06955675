import { loadUser } from '../features/account/account.server';
import { pgReturnOf } from '../features/payments/payment-rules';
import { PgSuccessPage } from '../features/payments/pg-result-page';
import { useTranslation } from '../i18n/react';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/pg-success';

/**
 * /pg/success?paymentKey&orderId&amount: where the card checkout returns after a payment (docs/payments.md).
 * The confirmation runs in the browser (reloading it is safe: the server is idempotent per payment key).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await loadUser(context);
  return { signedIn: user !== null, ret: pgReturnOf(new URL(request.url).searchParams) };
}

export default function PgSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('payments');
  return (
    <LoginGate signedIn={loaderData.signedIn} title={t('pg.confirming')}>
      <PgSuccessPage ret={loaderData.ret} />
    </LoginGate>
  );
}
