import { useTranslation } from 'react-i18next';
import { LoginGate } from '../features/account/login-gate';
import { reportTargetOf, targetKeyRefusal } from '../features/cs/cs-rules';
import { ReportFormPage, type ReportFormTarget } from '../features/cs/report-form-page';
import { useUser } from '../lib/use-site';
import type { Route } from './+types/cs-report-form';

/** /cs/report/form (`?target_type=&target_key=` when a link names what is reported). Logged out: the sign-in gate. */
export function loader({ request }: Route.LoaderArgs): { fixed: ReportFormTarget | null } {
  const query = new URL(request.url).searchParams;
  const type = reportTargetOf(query.get('target_type'));
  const key = (query.get('target_key') ?? '').trim();
  return { fixed: type && targetKeyRefusal(key) === null ? { type, key } : null };
}

export default function CsReportForm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cs');
  return (
    <LoginGate signedIn={useUser() !== null} title={t('report.form.title')}>
      <ReportFormPage key={JSON.stringify(loaderData.fixed)} fixed={loaderData.fixed} />
    </LoginGate>
  );
}
