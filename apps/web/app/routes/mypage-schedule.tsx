import { editorialEndpoints, ResultCode } from '@byeol/contract';
import { type MyScheduleData, MySchedulePage, ScheduleBjOnly } from '../features/schedule/my-schedule-page';
import { kstDay } from '../features/schedule/schedule-rules';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { useUser } from '../lib/use-site';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-schedule';

/**
 * /mypage/schedule (issue 21): a BJ's planned broadcasts (GET /mypage/schedule_html without an ID: mine).
 * Signed out: the sign-in gate; an account that is not a BJ: why only BJs plan broadcasts.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<{ signedIn: boolean; data: MyScheduleData }> {
  const now = Date.now();
  const today = kstDay(now);
  const body = await loadEndpoint(context, editorialEndpoints.scheduleHtml, { id: '' });
  if (body.rslt_cd === 0) return { signedIn: true, data: { list: body.rslt_set.schedule_list, message: '', today, now } };
  return { signedIn: body.rslt_cd !== ResultCode.LOGIN_REQUIRED, data: { list: null, message: body.rslt_msg, today, now } };
}

export default function MypageSchedule({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('schedule');
  const user = useUser();
  const { signedIn, data } = loaderData;
  return (
    <LoginGate signedIn={signedIn && user !== null} title={t('mypage.title')}>
      {user?.role === 'bj' ? (
        <MySchedulePage key={data.list?.map((s) => s.schedule_sn).join(',') ?? 'none'} data={data} />
      ) : (
        <ScheduleBjOnly />
      )}
    </LoginGate>
  );
}
