import { pgFailureOf } from '../features/payments/payment-rules';
import { SupportersFailPage } from '../features/supporters/supporters-return-page';
import type { Route } from './+types/pg-supporters-fail';

/** /pg/supporters/fail?order_id&type&code&message: the supporters' checkout ended without a payment. */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const failure = pgFailureOf(search);
  return { failure: { ...failure, orderId: failure.orderId || (search.get('order_id') ?? '').slice(0, 64) } };
}

export default function PgSupportersFail({ loaderData }: Route.ComponentProps) {
  return <SupportersFailPage failure={loaderData.failure} />;
}
