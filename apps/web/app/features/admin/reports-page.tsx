import { type AdminReport, REPORT_ACTIONS, type ReportState } from '@byeol/contract';
import { useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { kstDate } from '../../lib/format';
import { useDialog } from '../../ui/dialogs';
import type { AdminList } from './admin.server';
import {
  ActionDialog,
  AdminEmpty,
  CardCell,
  CardTable,
  cardRowClass,
  FilterTabs,
  ListError,
  MemberCell,
  Pager,
  type RowAction,
  RowActions,
  ScreenTitle,
  StateBadge,
} from './admin-ui';
import { hideAndComplete, updateReport } from './community-api';
import { canHideTarget, REPORT_FILTERS, type ReportFilter, reportTargetSn } from './community-rules';

const STATE_TONE: Record<ReportState, 'amber' | 'blue' | 'green'> = { received: 'amber', in_progress: 'blue', complete: 'green' };

/**
 * The report queue (docs/community.md), oldest open report first: what was reported (with a link to it),
 * by whom, why and the quoted line; take one (in progress), complete it with the action taken and a note the
 * reporter reads, or — for a post or a comment — hide the target and complete the report in one go.
 */
export function ReportsPage({ data, page, state }: { data: AdminList<AdminReport>; page: number; state: ReportFilter }) {
  const { t } = useTranslation('admin');
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const loading = navigation.state !== 'idle';
  const fallback = t('error.retry');
  const targetName = (r: AdminReport) => `${t(`reports.targetType.${r.target_type}`)} · ${r.target_label || r.target_key}`;

  async function take(r: AdminReport) {
    setBusy(true);
    const res = await updateReport({ report_sn: r.report_sn, state: 'in_progress' }, fallback);
    setBusy(false);
    if (!isOk(res)) {
      await dialog.ok(res.rslt_msg || fallback);
      return;
    }
    dialog.toast(t('reports.taken', { sn: r.report_sn }));
    void revalidator.revalidate();
  }

  async function complete(r: AdminReport, hide: boolean) {
    setBusy(true);
    const targetSn = reportTargetSn(r);
    const intro = (
      <div className="space-y-1 rounded-lg bg-neutral-50 p-3 text-sm" data-dialog-report={r.report_sn}>
        <p className="font-semibold break-words">{targetName(r)}</p>
        <p className="text-neutral-600">
          {t(`reports.reportType.${r.report_type}`)} · {r.content}
        </p>
        {hide && <p className="text-neutral-600">{t('reports.hideNote')}</p>}
      </div>
    );
    const memo = {
      name: 'action_memo',
      label: t('reports.memo'),
      value: '',
      kind: 'textarea' as const,
      rows: 3,
      maxLength: 500,
      hint: t('reports.memoHint'),
    };
    const done = await dialog.layer<AdminReport>(
      (close) =>
        hide && targetSn !== null ? (
          <ActionDialog<AdminReport>
            intro={intro}
            fields={[
              {
                name: 'reason',
                label: t('reports.hideReason'),
                value: t('reports.hideReasonDefault', { sn: r.report_sn, type: t(`reports.reportType.${r.report_type}`) }),
                required: true,
                maxLength: 200,
              },
              memo,
            ]}
            submitLabel={t('reports.hideComplete')}
            danger
            onSubmit={(v) => hideAndComplete(r.report_sn, v.reason?.trim() ?? '', v.action_memo?.trim() ?? '', fallback)}
            close={close}
          />
        ) : (
          <ActionDialog<AdminReport>
            intro={intro}
            fields={[
              {
                name: 'action',
                label: t('reports.actionField'),
                value: 'none',
                kind: 'select',
                options: REPORT_ACTIONS.map((a) => ({ value: a, label: t(`reports.action.${a}`) })),
                hint: t('reports.actionHint'),
              },
              memo,
            ]}
            submitLabel={t('reports.complete')}
            onSubmit={(v) =>
              updateReport(
                {
                  report_sn: r.report_sn,
                  state: 'complete',
                  action: REPORT_ACTIONS.find((a) => a === v.action) ?? 'none',
                  action_memo: v.action_memo?.trim() ?? '',
                },
                fallback,
              )
            }
            close={close}
          />
        ),
      { title: hide ? t('reports.hideTitle', { sn: r.report_sn }) : t('reports.completeTitle', { sn: r.report_sn }) },
    );
    setBusy(false);
    if (!done) return;
    dialog.toast(t('reports.completed', { sn: r.report_sn }));
    void revalidator.revalidate();
  }

  const actionsOf = (r: AdminReport): RowAction[] => {
    if (r.state === 'complete') return [];
    return [
      ...(r.state === 'received' ? [{ name: 'report-take', text: t('reports.take'), run: () => void take(r) }] : []),
      ...(canHideTarget(r) && reportTargetSn(r) !== null
        ? [{ name: 'report-hide', text: t('reports.hideComplete'), run: () => void complete(r, true), danger: true }]
        : []),
      { name: 'report-complete', text: t('reports.complete'), run: () => void complete(r, false) },
    ];
  };

  return (
    <div data-admin-reports>
      <ScreenTitle title={t('reports.title')} />
      <FilterTabs
        name="report-state"
        label={t('reports.filterLabel')}
        items={REPORT_FILTERS}
        current={state}
        hrefOf={(s) => (s === 'open' ? '?' : `?state=${s}`)}
        textOf={(s) => t(`reports.filter.${s}`)}
      />
      <p className="mb-4 text-sm text-neutral-500">{t('reports.note')}</p>
      {!data.ok ? (
        <ListError message={data.message} />
      ) : data.list.data_list.length === 0 ? (
        <AdminEmpty name="reports" text={state === 'open' ? t('reports.empty') : t('reports.emptyAll')} />
      ) : (
        <CardTable
          name="reports"
          heads={[
            t('reports.col.number'),
            t('reports.col.target'),
            t('reports.col.reporter'),
            t('reports.col.type'),
            t('reports.col.content'),
            t('reports.col.state'),
            '',
          ]}
        >
          {data.list.data_list.map((r) => (
            <tr
              key={r.report_sn}
              className={cardRowClass}
              data-report-row={r.report_sn}
              data-target-type={r.target_type}
              data-target-key={r.target_key}
              data-state={r.state}
            >
              <CardCell label={t('reports.col.number')} className="tabular-nums">
                {r.report_sn}
                <span className="block text-xs whitespace-nowrap text-neutral-500">{kstDate(r.reg_date, true)}</span>
              </CardCell>
              <CardCell label={t('reports.col.target')}>
                <span className="block text-xs font-semibold text-neutral-500">{t(`reports.targetType.${r.target_type}`)}</span>
                {r.target_url ? (
                  <a
                    href={r.target_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-neutral-900 underline-offset-2 hover:underline"
                    data-report-target-link
                  >
                    {r.target_label || r.target_key}
                    <span className="sr-only"> {t('board.newTab')}</span>
                  </a>
                ) : (
                  <span className="font-semibold">{r.target_label || r.target_key}</span>
                )}
                {r.target_user_id && (
                  <span className="mt-0.5 block text-xs text-neutral-600" data-report-target-user>
                    {t('reports.targetUser', { nick: r.target_user_nick ?? r.target_user_id, id: r.target_user_id })}
                  </span>
                )}
              </CardCell>
              <CardCell label={t('reports.col.reporter')}>
                <MemberCell nick={r.reporter_nick} id={r.reporter_id} />
              </CardCell>
              <CardCell label={t('reports.col.type')} className="md:whitespace-nowrap">
                <span data-report-type={r.report_type}>{t(`reports.reportType.${r.report_type}`)}</span>
              </CardCell>
              <CardCell label={t('reports.col.content')}>
                <p className="whitespace-pre-line" data-report-content>
                  {r.content}
                </p>
                {r.quote && (
                  <blockquote className="mt-1 border-l-2 border-neutral-300 pl-2 text-xs text-neutral-600" data-report-quote>
                    {r.quote}
                  </blockquote>
                )}
              </CardCell>
              <CardCell label={t('reports.col.state')}>
                <StateBadge tone={STATE_TONE[r.state]} name={r.state}>
                  {t(`reports.state.${r.state}`)}
                </StateBadge>
                {r.state === 'complete' && (
                  <span className="mt-1 block text-xs text-neutral-600" data-report-outcome={r.action ?? 'none'}>
                    {t(`reports.action.${r.action ?? 'none'}`)}
                    {r.action_memo && ` · ${r.action_memo}`}
                  </span>
                )}
                {r.handled_by_nick && (
                  <span className="mt-0.5 block text-xs text-neutral-500">
                    {t('reports.handledBy', { nick: r.handled_by_nick })}
                    {r.handled_date && ` · ${kstDate(r.handled_date, true)}`}
                  </span>
                )}
              </CardCell>
              <CardCell className="pt-2 md:pt-2">
                <RowActions wrap disabled={busy} actions={actionsOf(r)} />
              </CardCell>
            </tr>
          ))}
        </CardTable>
      )}
      {data.ok && <Pager page={page} total={data.list.data_totalcount} busy={loading} />}
    </div>
  );
}
