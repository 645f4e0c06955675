import type { ReportType } from '@byeol/contract';
import { CS_LIMITS } from '@byeol/contract';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { fieldOf, isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useLang, useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import { useSignIn } from '../../ui/sign-in';
import { reportMagazine } from './editorial-api';
import { charCount, magazineReportRefusals, type ReportField, reportRefusalMessage } from './editorial-rules';

interface Target {
  miSn: number;
  title: string;
  /** The report types the article's page offers (magazine_report_category_list). */
  types: readonly ReportType[];
}

/**
 * The article report form (POST /sub/magazine_report_proc, into the community's report queue): the type and
 * what the problem is, both required with the SPEC messages before sending. The texts are the board's report
 * dialog's, so a report reads the same wherever it is made.
 */
function MagazineReportForm({ target, onClose }: { target: Target; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('board');
  const { t: te } = useTranslation('editorial');
  const lang = useLang();
  const id = useId();
  const [reportType, setReportType] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const count = charCount(content);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const refused = magazineReportRefusals(reportType, content);
    const type = target.types.find((value) => value === reportType);
    if (refused || !type) {
      const next: Partial<Record<ReportField, string>> = {};
      for (const [field, code] of Object.entries(refused ?? {}) as [ReportField, Parameters<typeof reportRefusalMessage>[0]][]) {
        next[field] = reportRefusalMessage(code, lang);
      }
      if (!type) next.report_type ??= reportRefusalMessage('REPORT_TYPE_REQUIRED', lang);
      setErrors(next);
      document.getElementById(`${id}-${next.report_type ? 'type' : 'content'}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const res = await reportMagazine({ mi_sn: target.miSn, report_type: type, content }, te('retry'));
    setBusy(false);
    if (isOk(res)) {
      onClose(true);
      return;
    }
    const field = fieldOf(res);
    const message = res.rslt_msg || te('retry');
    if (field === 'report_type' || field === 'content') setErrors({ [field]: message });
    else setFormError(message);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4 p-5" data-report-form="magazine">
      <div className="rounded-lg bg-neutral-50 px-3 py-2 text-sm">
        <span className="font-semibold text-neutral-700">{t('report.target')}</span>
        <p className="mt-0.5 break-words text-neutral-900" data-report-target>
          {target.title}
        </p>
      </div>
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
          {target.types.map((type) => (
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
        <button type="button" className={`${secondaryButton} flex-1`} onClick={() => onClose(false)}>
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
 * Opens the article report form in a layer (a bottom sheet on phones); a guest is asked to sign in first.
 * Resolves true once the report was taken (after a toast saying so).
 */
export function useMagazineReport(): (target: Target) => Promise<boolean> {
  const { t } = useTranslation('board');
  const { t: te } = useTranslation('editorial');
  const dialog = useDialog();
  const user = useUser();
  const signIn = useSignIn();
  return useCallback(
    async (target: Target) => {
      if (!user && !(await signIn.open())) return false;
      const done = await dialog.layer<boolean>((close) => <MagazineReportForm target={target} onClose={close} />, {
        title: te('magazine.reportLabel'),
      });
      if (!done) return false;
      dialog.toast(t('report.done'));
      return true;
    },
    [dialog, signIn, t, te, user],
  );
}
