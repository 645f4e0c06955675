import { accountsEndpoints, progressionEndpoints, ResultCode } from '@byeol/contract';
import { type LevelPageData, UserLevelPage } from '../features/progression/level-pages';
import { LEVEL_PAGE_SIZE } from '../features/progression/progression-rules';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-level-user';

/**
 * /mypage/level/user: my member level, VIP grade, attendance, fan levels and history (issue 23). Signed
 * out: the sign-in gate. user_info is read first, so the day's attendance is counted before the level
 * info reports it (the root's own user_info runs beside this loader).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await loadEndpoint(context, accountsEndpoints.userInfo);
  if (me.rslt_cd === ResultCode.LOGIN_REQUIRED) return { signedIn: false, data: null };
  const [info, tables, fans, history] = await Promise.all([
    loadEndpoint(context, progressionEndpoints.levelInfo, {}),
    loadEndpoint(context, progressionEndpoints.levelTable, {}),
    loadEndpoint(context, progressionEndpoints.fanList, { mode: 'mine', offset: 0, limit: LEVEL_PAGE_SIZE }),
    loadEndpoint(context, progressionEndpoints.history, { ladder: 'user', offset: 0, limit: LEVEL_PAGE_SIZE }),
  ]);
  if (info.rslt_cd === ResultCode.LOGIN_REQUIRED) return { signedIn: false, data: null };
  const data: LevelPageData = {
    info: info.rslt_cd === 0 ? info.rslt_set.grade_detail_info : null,
    tables: tables.rslt_cd === 0 ? tables.rslt_set : null,
    fans: fans.rslt_cd === 0 ? fans.rslt_set : null,
    history: history.rslt_cd === 0 ? history.rslt_set : null,
    message: info.rslt_cd === 0 ? '' : info.rslt_msg,
  };
  return { signedIn: true, data };
}

export default function MypageLevelUser({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('progression');
  const { signedIn, data } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('user.title')}>
      {data && <UserLevelPage key={JSON.stringify(data)} data={data} />}
    </LoginGate>
  );
}
