import { loadUser } from '../features/account/account.server';
import { FormBankbookPopup } from '../features/payments/bankbook-popups';
import type { Route } from './+types/popup-form-bankbook';

/** SPEC §7 /popup/form_bankbook?currency=STAR|CUBIC: the bank deposit form in a popup window. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await loadUser(context);
  const currency = new URL(request.url).searchParams.get('currency') === 'CUBIC' ? ('CUBIC' as const) : ('STAR' as const);
  return { signedIn: user !== null, currency };
}

export default function PopupFormBankbook({ loaderData }: Route.ComponentProps) {
  return <FormBankbookPopup signedIn={loaderData.signedIn} currency={loaderData.currency} />;
}
