import { progressionEndpoints, ResultCode } from '@byeol/contract';
import { AchievePage, type AchievePageData } from '../features/achieve/achieve-page';
import { achieveTabOf } from '../features/achieve/achieve-rules';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-achieve';

/**
 * /mypage/achieve (issue 23, SPEC §2): `?tab=today` (the default: today's challenges, the last seven days and
 * the reward; POST /mypage/achievement_html) or `?tab=medals` (the medals and the referral code; POST
 * /mypage/medal_html). Signed out: the sign-in gate.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<{ signedIn: boolean; data: AchievePageData }> {
  const tab = achieveTabOf(new URL(request.url).searchParams.get('tab'));
  if (tab === 'today') {
    const body = await loadEndpoint(context, progressionEndpoints.achievements, {});
    if (body.rslt_cd === 0) return { signedIn: true, data: { tab, achievements: body.rslt_set, medals: null, message: '' } };
    return {
      signedIn: body.rslt_cd !== ResultCode.LOGIN_REQUIRED,
      data: { tab, achievements: null, medals: null, message: body.rslt_msg },
    };
  }
  const body = await loadEndpoint(context, progressionEndpoints.medals, {});
  if (body.rslt_cd === 0) return { signedIn: true, data: { tab, achievements: null, medals: body.rslt_set, message: '' } };
  return { signedIn: body.rslt_cd !== ResultCode.LOGIN_REQUIRED, data: { tab, achievements: null, medals: null, message: body.rslt_msg } };
}

export default function MypageAchieve({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('achieve');
  const { signedIn, data } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('title')}>
      <AchievePage key={JSON.stringify(data)} data={data} />
    </LoginGate>
  );
}
