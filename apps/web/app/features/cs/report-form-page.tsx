import { CS_LIMITS, REPORT_TARGETS, type ReportTarget } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { CS_PATHS } from '../../lib/cs-links';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, inputClass } from '../../ui/fields';
import { ReportDialog } from '../board';
import { targetKeyRefusal } from './cs-form-rules';
import { CsHeading } from './cs-ui';

/** What the report form's loader reads from the query: the target a link named, if any. */
export interface ReportFormTarget {
  type: ReportTarget;
  key: string;
  /** A chat report's line, as the chat showed it ('' when the link quoted none). */
  quote: string;
}

/**
 * /cs/report/form: what is reported (fixed by `?target_type=&target_key=` when a link names it, with the chat
 * line of `&quote=` shown as it will be sent; else chosen here: its kind, its number or login ID, and for a
 * chat line the line itself), then the board's report form
 * in place (features/board/report-dialog.tsx: the type and the content with their SPEC messages). Sent, the
 * member's reports show it as received.
 */
export function ReportFormPage({ fixed }: { fixed: ReportFormTarget | null }) {
  const { t } = useTranslation('cs');
  const dialog = useDialog();
  const navigate = useNavigate();
  const [type, setType] = useState<ReportTarget>(fixed?.type ?? 'member');
  const [key, setKey] = useState(fixed?.key ?? '');
  const [quote, setQuote] = useState(fixed?.quote ?? '');
  // A line quoted by the link (the chat's report action) is the evidence: shown, not edited.
  const quoteFixed = fixed !== null && fixed.type === 'chat' && fixed.quote !== '';
  const [keyError, setKeyError] = useState('');

  /**
   * Runs before the report form's own submit (capture phase): a missing or malformed target stops it here,
   * with the message under the target's field (a quote is cut to its length by the input).
   */
  function checkTarget(event: FormEvent) {
    const keyRefusal = targetKeyRefusal(key);
    setKeyError(keyRefusal === 'target_required' ? t('report.form.targetRequired') : keyRefusal ? t('report.form.targetInvalid') : '');
    if (!keyRefusal) return;
    event.preventDefault();
    event.stopPropagation();
    document.getElementById('report-target-key')?.focus();
  }

  async function closed(report: unknown) {
    if (report) dialog.toast(t('report.form.sent'));
    await navigate(CS_PATHS.reports);
  }

  return (
    <section data-cs-page="report-form">
      <CsHeading title={t('report.form.title')} />
      <p className="mt-2 text-sm text-neutral-600">{t('report.form.intro')}</p>
      <div className="mt-6 rounded-2xl border border-neutral-200">
        <div className="space-y-4 border-b border-neutral-200 p-5" data-report-target-fields={fixed ? 'fixed' : 'open'}>
          {fixed ? (
            <div className="rounded-lg bg-neutral-50 px-3 py-2 text-sm">
              <p className="font-semibold text-neutral-700">{t('report.form.targetType')}</p>
              <p className="mt-0.5 break-words text-neutral-900" data-report-fixed-target={fixed.type}>
                {t(`report.target.${fixed.type}`)} · {t(`report.form.targetKey.${fixed.type}`)} {fixed.key}
              </p>
              {quoteFixed && (
                <>
                  <p className="mt-2 font-semibold text-neutral-700">{t('report.form.quote')}</p>
                  <blockquote
                    className="mt-0.5 whitespace-pre-wrap break-words border-l-2 border-neutral-300 pl-2 text-neutral-900"
                    data-report-fixed-quote
                  >
                    {fixed.quote}
                  </blockquote>
                </>
              )}
            </div>
          ) : (
            <>
              <div>
                <label htmlFor="report-target-type" className="mb-1 block text-sm font-semibold text-neutral-800">
                  {t('report.form.targetType')}
                </label>
                <select
                  id="report-target-type"
                  value={type}
                  onChange={(e) => setType(e.target.value as ReportTarget)}
                  className={inputClass}
                  data-report-target-type
                >
                  {REPORT_TARGETS.map((target) => (
                    <option key={target} value={target}>
                      {t(`report.target.${target}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="report-target-key" className="mb-1 block text-sm font-semibold text-neutral-800">
                  {t(`report.form.targetKey.${type}`)}
                </label>
                <input
                  id="report-target-key"
                  value={key}
                  onChange={(e) => {
                    setKey(e.target.value);
                    setKeyError('');
                  }}
                  maxLength={64}
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  inputMode={type === 'post' || type === 'reply' || type === 'magazine' ? 'numeric' : undefined}
                  aria-invalid={keyError !== ''}
                  aria-describedby="report-target-key-msg"
                  className={inputClass}
                  data-report-target-key
                />
                <FieldMessages id="report-target-key" errors={[keyError]} />
              </div>
            </>
          )}
          {type === 'chat' && !quoteFixed && (
            <div>
              <label htmlFor="report-quote" className="mb-1 block text-sm font-semibold text-neutral-800">
                {t('report.form.quote')}
              </label>
              <input
                id="report-quote"
                value={quote}
                onChange={(e) => setQuote(e.target.value)}
                maxLength={CS_LIMITS.quoteMax}
                className={inputClass}
                data-report-quote
              />
            </div>
          )}
        </div>
        <div onSubmitCapture={checkTarget}>
          <ReportDialog target={{ type, key: key.trim(), quote: type === 'chat' ? quote : '' }} onClose={(report) => void closed(report)} />
        </div>
      </div>
    </section>
  );
}
