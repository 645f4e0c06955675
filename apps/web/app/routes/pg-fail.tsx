import { pgFailureOf } from '../features/payments/payment-rules';
import { PgFailPage } from '../features/payments/pg-result-page';
import type { Route } from './+types/pg-fail';

/** /pg/fail?code&message&orderId: where the card checkout returns without a payment (docs/payments.md). */
export function loader({ request }: Route.LoaderArgs) {
  return { failure: pgFailureOf(new URL(request.url).searchParams) };
}

export default function PgFail({ loaderData }: Route.ComponentProps) {
  return <PgFailPage failure={loaderData.failure} />;
}
