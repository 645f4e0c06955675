import type { UserInfoSet } from '@byeol/contract';
import { redirect } from 'react-router';
import { MyPage } from '../features/account/my-page';
import { loginPath } from '../features/account/redirect';
import { callApi } from '../features/site/site.server';
import type { Route } from './+types/mypage';

/** Needs a signed-in visitor: anyone else goes to the sign-in page and comes back here. */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await callApi<UserInfoSet | null>(context, '/v1/user/user_info');
  const user = body.rslt_cd === 0 ? body.rslt_set?.user_info : null;
  if (!user) throw redirect(loginPath('/mypage'));
  return { user, itemCount: body.rslt_set?.summary_info?.item_cnt ?? 0 };
}

export default function Mypage({ loaderData }: Route.ComponentProps) {
  return <MyPage user={loaderData.user} itemCount={loaderData.itemCount} />;
}
