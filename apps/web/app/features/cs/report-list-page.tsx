import type { CsReport, ListSet } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { CS_PATHS } from '../../lib/cs-links';
import { kstDate } from '../../lib/format';
import { useMoreList } from '../../lib/use-more-list';
import { primaryButton } from '../../ui/fields';
import { EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { myReports } from './cs-api';
import { CsHeading, PlainText, ReportStateBadge } from './cs-ui';

/**
 * /cs/report: the member's reports, newest first: what was reported, the type and the member's words, the
 * state (received, in progress, complete) and, once handled, the action taken and the operator's note.
 */
export function ReportListPage({ initial }: { initial: ListSet<CsReport> | null }) {
  const { t } = useTranslation('cs');
  const list = useMoreList(
    initial,
    (offset) => myReports(offset, t('retry')),
    (r) => r.report_sn,
    t('retry'),
  );
  return (
    <section data-cs-page="reports">
      <CsHeading title={t('report.list.title')}>
        <div className="flex items-center gap-3">
          {!list.failed && list.total > 0 && <Total n={list.total} />}
          <Link to={CS_PATHS.reportForm} className={`${primaryButton} inline-flex items-center`} data-report-write>
            {t('report.list.write')}
          </Link>
        </div>
      </CsHeading>
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="cs-report" text={t('report.list.empty')} />
      ) : (
        <ul className="mt-4 space-y-4" data-report-list>
          {list.rows.map((report) => (
            <ReportCard key={report.report_sn} report={report} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}

function ReportCard({ report }: { report: CsReport }) {
  const { t } = useTranslation('cs');
  const titleId = `report-${report.report_sn}-title`;
  const handled = report.state === 'complete';
  return (
    <li
      className="rounded-2xl border border-neutral-200 p-4"
      aria-labelledby={titleId}
      data-report={report.report_sn}
      data-state={report.state}
    >
      <div className="flex flex-wrap items-center gap-2">
        <ReportStateBadge state={report.state} />
        <span className="text-xs font-semibold text-neutral-500">{t(`report.target.${report.target_type}`)}</span>
        <time dateTime={report.reg_date} className="ml-auto text-xs text-neutral-500 tabular-nums">
          {t('report.list.reportedAt', { date: kstDate(report.reg_date, true) })}
        </time>
      </div>
      <h2 id={titleId} className="mt-2 break-words font-bold" data-report-target>
        {report.target_label || report.target_key}
      </h2>
      <dl className="mt-2 space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-neutral-500">{t('report.list.type')}</dt>
          <dd className="font-semibold text-neutral-800" data-report-type={report.report_type}>
            {t(`report.type.${report.report_type}`)}
          </dd>
        </div>
        {report.quote && (
          <div>
            <dt className="text-neutral-500">{t('report.list.quote')}</dt>
            <dd className="mt-1 rounded-lg bg-neutral-50 px-3 py-2 break-words text-neutral-800">{report.quote}</dd>
          </div>
        )}
      </dl>
      <PlainText text={report.content} className="mt-2 text-sm text-neutral-800" data-report-content />
      <section
        aria-label={t('report.list.result')}
        className={`mt-4 rounded-xl p-4 text-sm ${handled ? 'bg-emerald-50' : 'bg-neutral-50'}`}
        data-report-result
      >
        {report.action || report.action_memo || handled ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-bold text-neutral-800">
                {t('report.list.result')}
                {report.action && (
                  <span className="ml-2 font-semibold text-emerald-800" data-report-action={report.action}>
                    {t(`report.action.${report.action}`)}
                  </span>
                )}
              </h3>
              {report.handled_date && (
                <time dateTime={report.handled_date} className="text-xs text-neutral-600 tabular-nums">
                  {t('report.list.handledAt', { date: kstDate(report.handled_date, true) })}
                </time>
              )}
            </div>
            {report.action_memo && (
              <div className="mt-2">
                <p className="text-xs font-semibold text-neutral-600">{t('report.list.memo')}</p>
                <PlainText text={report.action_memo} className="mt-1 text-neutral-800" data-report-memo />
              </div>
            )}
          </>
        ) : (
          <p className="text-neutral-600">{t('report.list.waiting')}</p>
        )}
      </section>
    </li>
  );
}
