import { targetKeyRefusal } from '../features/cs/cs-form-rules';
import { reportQuoteOf, reportTargetOf } from '../features/cs/cs-rules';
import { ReportFormPage, type ReportFormTarget } from '../features/cs/report-form-page';
import { useTranslation } from '../i18n/react';
import { useUser } from '../lib/use-site';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/cs-report-form';

/**
 * /cs/report/form (`?target_type=&target_key=` when a link names what is reported, `&quote=` the chat line of a
 * chat report). A target the contract would refuse is ignored (the form asks for one); a quote is kept only for
 * a chat report, cut to its length. Logged out: the sign-in gate.
 */
export function loader({ request }: Route.LoaderArgs): { fixed: ReportFormTarget | null } {
  const query = new URL(request.url).searchParams;
  const type = reportTargetOf(query.get('target_type'));
  const key = (query.get('target_key') ?? '').trim();
  if (!type || targetKeyRefusal(key) !== null) return { fixed: null };
  return { fixed: { type, key, quote: type === 'chat' ? reportQuoteOf(query.get('quote')) : '' } };
}

export default function CsReportForm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cs');
  return (
    <LoginGate signedIn={useUser() !== null} title={t('report.form.title')}>
      <ReportFormPage key={JSON.stringify(loaderData.fixed)} fixed={loaderData.fixed} />
    </LoginGate>
  );
}
