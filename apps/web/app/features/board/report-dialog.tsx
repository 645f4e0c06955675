import {
  COMMUNITY_REFUSAL_PARAMS,
  CS_LIMITS,
  type CsReport,
  REPORT_TYPES,
  type ReportTarget,
  type ReportType,
  resultMessage,
} from '@byeol/contract';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useLang, useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { useSignIn } from '../../ui/sign-in';
import { sendReport } from './board-api';
import { charCount, type ReportField, reportRefusals } from './board-rules';

/** What is reported: the contract's target type and key, with what the reporter sees of it. */
export interface ReportTargetRef {
  type: ReportTarget;
  /** A post's board_sn, a comment's reply_sn, a member's login ID, a broadcast's vod_key… (ReportProcSchema). */
  key: string | number;
  /** What the target is, shown on top of the form (a post's title, a member's nick). */
  label?: string;
  /** The quoted chat line of a chat report. */
  quote?: string;
}

const isReportType = (value: string): value is ReportType => (REPORT_TYPES as readonly string[]).includes(value);

/**
 * The report form (SPEC §5: 'report type' and 'content' required, with their messages before sending):
 * a type to choose, what the problem is (with a counter), cancel and send. Drawn inside a dialog by
 * {@link useReportDialog}; `onClose` gets the report the server took, or null when cancelled. The customer
 * centre may render it in place, too.
 */
export function ReportDialog({ target, onClose }: { target: ReportTargetRef; onClose: (report: CsReport | null) => void }) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const id = useId();
  const [reportType, setReportType] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const count = charCount(content);
  const key = String(target.key);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const refused = reportRefusals({ type: target.type, key }, reportType, content);
    if (refused) {
      const next: Partial<Record<ReportField, string>> = {};
      for (const [field, code] of Object.entries(refused) as [ReportField, keyof typeof COMMUNITY_REFUSAL_PARAMS][]) {
        next[field] = resultMessage(code, lang, COMMUNITY_REFUSAL_PARAMS[code]);
      }
      setErrors(next);
      document.getElementById(`${id}-${refused.report_type ? 'type' : 'content'}`)?.focus();
      return;
    }
    setErrors({});
    if (!isReportType(reportType)) return;
    setBusy(true);
    const res = await sendReport(
      { target_type: target.type, target_key: key, report_type: reportType, content, quote: target.quote ?? '' },
      t('retry'),
    );
    setBusy(false);
    if (isOk(res)) {
      onClose(res.rslt_set);
      return;
    }
    const field = fieldOf(res);
    const message = res.rslt_msg || t('retry');
    if (field === 'report_type' || field === 'content') setErrors({ [field]: message });
    else setFormError(message);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4 p-5" data-report-form={target.type}>
      {target.label && (
        <div className="rounded-lg bg-neutral-50 px-3 py-2 text-sm">
          <span className="font-semibold text-neutral-700">{t('report.target')}</span>
          <p className="mt-0.5 break-words text-neutral-900" data-report-target>
            {target.label}
          </p>
        </div>
      )}
      <div>
        <label htmlFor={`${id}-type`} className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('report.type')}
        </label>
        <select
          id={`${id}-type`}
          name="report_type"
          value={reportType}
          onChange={(e) => {
            setReportType(e.target.value);
            setErrors((prev) => ({ ...prev, report_type: undefined }));
          }}
          aria-invalid={Boolean(errors.report_type)}
          aria-describedby={`${id}-type-msg`}
          className={inputClass}
          data-autofocus
          data-report-type
        >
          <option value="">{t('report.typePlaceholder')}</option>
          {REPORT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`report.types.${type}`)}
            </option>
          ))}
        </select>
        <FieldMessages id={`${id}-type`} errors={[errors.report_type ?? '']} />
      </div>
      <div>
        <label htmlFor={`${id}-content`} className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('report.content')}
        </label>
        <textarea
          id={`${id}-content`}
          name="content"
          rows={4}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            setErrors((prev) => ({ ...prev, content: undefined }));
          }}
          placeholder={t('report.contentPlaceholder')}
          aria-invalid={Boolean(errors.content)}
          aria-describedby={`${id}-content-msg ${id}-content-count`}
          className={`${inputClass} resize-y`}
          data-report-content
        />
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <FieldMessages id={`${id}-content`} errors={[errors.content ?? '']} />
          </div>
          <span
            id={`${id}-content-count`}
            className={`shrink-0 pt-1 text-xs tabular-nums ${count > CS_LIMITS.reportMax ? 'font-bold text-red-600' : 'text-neutral-500'}`}
            data-counter={count}
          >
            {t('counter', { n: formatNumber(count, lang), max: formatNumber(CS_LIMITS.reportMax, lang) })}
          </span>
        </div>
      </div>
      <FormError message={formError} />
      <div className="flex gap-2">
        <button type="button" className={`${secondaryButton} flex-1`} onClick={() => onClose(null)}>
          {t('report.cancel')}
        </button>
        <button type="submit" className={`${primaryButton} flex-1`} disabled={busy} data-report-submit>
          {busy ? t('report.sending') : t('report.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * Opens the report form in a layer (a bottom sheet on phones). A guest is asked to sign in first. Resolves
 * the report taken (after a toast saying so), or null.
 */
export function useReportDialog(): (target: ReportTargetRef) => Promise<CsReport | null> {
  const { t } = useTranslation('board');
  const dialog = useDialog();
  const user = useUser();
  const signIn = useSignIn();
  return useCallback(
    async (target: ReportTargetRef) => {
      if (!user && !(await signIn.open())) return null;
      const title = target.type === 'post' ? t('report.post') : target.type === 'reply' ? t('report.reply') : t('report.title');
      const report = await dialog.layer<CsReport>((close) => <ReportDialog target={target} onClose={(r) => close(r ?? undefined)} />, {
        title,
      });
      if (!report) return null;
      dialog.toast(t('report.done'));
      return report;
    },
    [dialog, signIn, t, user],
  );
}
