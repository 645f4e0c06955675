import { communityEndpoints, ResultCode } from '@byeol/contract';
import { CS_PAGE_SIZE } from '../features/cs/cs-rules';
import { ReportListPage } from '../features/cs/report-list-page';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/cs-report';

/** /cs/report: the member's reports with their state and the action taken. Logged out: the sign-in gate. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await loadEndpoint(context, communityEndpoints.csReport, { offset: 0, limit: CS_PAGE_SIZE });
  return { signedIn: list.rslt_cd !== ResultCode.LOGIN_REQUIRED, list: list.rslt_cd === 0 ? list.rslt_set : null };
}

export default function CsReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cs');
  const { signedIn, list } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('report.list.title')}>
      <ReportListPage key={JSON.stringify(list)} initial={list} />
    </LoginGate>
  );
}
