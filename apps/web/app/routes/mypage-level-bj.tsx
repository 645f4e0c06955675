import { accountsEndpoints, progressionEndpoints, ResultCode } from '@byeol/contract';
import { BjLevelPage, type LevelPageData } from '../features/progression/level-pages';
import { LEVEL_PAGE_SIZE } from '../features/progression/progression-rules';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { useBjTerm } from '../lib/use-site';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-level-bj';

/**
 * /mypage/level/bj: my BJ level, my fans by fan level and my BJ experience history (issue 23). Signed out:
 * the sign-in gate; a member who is not a BJ (grade_detail_info.bj null) is told so, and nothing else is read.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await loadEndpoint(context, accountsEndpoints.userInfo);
  if (me.rslt_cd === ResultCode.LOGIN_REQUIRED) return { signedIn: false, data: null };
  const info = await loadEndpoint(context, progressionEndpoints.levelInfo, {});
  if (info.rslt_cd === ResultCode.LOGIN_REQUIRED) return { signedIn: false, data: null };
  const detail = info.rslt_cd === 0 ? info.rslt_set.grade_detail_info : null;
  const empty: LevelPageData = { info: detail, tables: null, fans: null, history: null, message: info.rslt_cd === 0 ? '' : info.rslt_msg };
  if (!detail?.bj) return { signedIn: true, data: empty };
  const [tables, fans, history] = await Promise.all([
    loadEndpoint(context, progressionEndpoints.levelTable, {}),
    loadEndpoint(context, progressionEndpoints.fanList, { mode: 'bj', offset: 0, limit: LEVEL_PAGE_SIZE }),
    loadEndpoint(context, progressionEndpoints.history, { ladder: 'bj', offset: 0, limit: LEVEL_PAGE_SIZE }),
  ]);
  const data: LevelPageData = {
    ...empty,
    tables: tables.rslt_cd === 0 ? tables.rslt_set : null,
    fans: fans.rslt_cd === 0 ? fans.rslt_set : null,
    history: history.rslt_cd === 0 ? history.rslt_set : null,
  };
  return { signedIn: true, data };
}

export default function MypageLevelBj({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('progression');
  const bj = useBjTerm();
  const { signedIn, data } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('bj.title', { bj })}>
      {data && <BjLevelPage key={JSON.stringify(data)} data={data} />}
    </LoginGate>
  );
}
