import { supportersEndpoints } from '@byeol/contract';
import { loadUser } from '../features/account/account.server';
import { StoreSupportersPage } from '../features/supporters/store-supporters-page';
import { bjParamOf } from '../features/supporters/supporters-rules';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/store-supporters';

/**
 * SPEC §2 /store/supporters: `?bj=<user_key>` preselects the broadcaster (a link from their room or
 * channel); the plans on sale. Supporting needs an account: logged out, the sign-in gate.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await loadUser(context);
  if (!user) return { data: null };
  const bjKey = bjParamOf(new URL(request.url).searchParams.get('bj'));
  const [plans, bjs] = await Promise.all([
    loadEndpoint(context, supportersEndpoints.planList, {}),
    bjKey === undefined ? null : loadEndpoint(context, supportersEndpoints.bjList, { bj_user_key: bjKey, limit: 1 }),
  ]);
  return {
    data: {
      plans: plans.rslt_cd === 0 ? plans.rslt_set.data_list : null,
      message: plans.rslt_cd === 0 ? '' : plans.rslt_msg,
      bj: bjs?.rslt_cd === 0 ? (bjs.rslt_set.data_list[0] ?? null) : null,
    },
  };
}

export default function StoreSupporters({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('supporters');
  const { data } = loaderData;
  return (
    <LoginGate signedIn={data !== null} title={t('store.title')}>
      {data && <StoreSupportersPage key={data.bj?.user_key ?? 0} data={data} />}
    </LoginGate>
  );
}
