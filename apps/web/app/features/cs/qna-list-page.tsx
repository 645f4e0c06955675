import type { BoardFile, CsQna, ListSet } from '@byeol/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { CS_PATHS } from '../../lib/cs-links';
import { kstDate } from '../../lib/format';
import { useLoginRequired } from '../../lib/use-login-required';
import { useMoreList } from '../../lib/use-more-list';
import { useDialog } from '../../ui/dialogs';
import { primaryButton } from '../../ui/fields';
import { EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { myQuestions, removeQuestionFile, resolveQuestion } from './cs-api';
import { CsHeading, PlainText, QnaStateBadge } from './cs-ui';

/**
 * /cs/qna/answer: the member's questions, newest first, each with its state (waiting, answered, complete),
 * its images (one may be removed while it waits), the operator's answer and its date, and "resolved" on an
 * answered one (mode complete).
 */
export function QnaListPage({ initial }: { initial: ListSet<CsQna> | null }) {
  const { t } = useTranslation('cs');
  const list = useMoreList(
    initial,
    (offset) => myQuestions(offset, t('retry')),
    (q) => q.qna_sn,
    t('retry'),
  );
  return (
    <section data-cs-page="answers">
      <CsHeading title={t('qna.list.title')}>
        <div className="flex items-center gap-3">
          {!list.failed && list.total > 0 && <Total n={list.total} />}
          <Link to={CS_PATHS.ask} className={`${primaryButton} inline-flex items-center`} data-qna-ask>
            {t('qna.list.ask')}
          </Link>
        </div>
      </CsHeading>
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="cs-qna" text={t('qna.list.empty')} />
      ) : (
        <ul className="mt-4 space-y-4" data-qna-list>
          {list.rows.map((qna) => (
            <QnaCard key={qna.qna_sn} qna={qna} onChange={list.replace} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}

function QnaCard({ qna, onChange }: { qna: CsQna; onChange: (next: CsQna) => void }) {
  const { t } = useTranslation('cs');
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [busy, setBusy] = useState(false);

  /** Runs a change of this question; the answer is the question as it is now. */
  async function change(run: () => ReturnType<typeof resolveQuestion>, done: string) {
    setBusy(true);
    const res = await run();
    setBusy(false);
    if (loginRequired(res)) return;
    if (isOk(res)) {
      onChange(res.rslt_set);
      dialog.toast(done);
    } else dialog.toast(res.rslt_msg || t('retry'));
  }

  async function resolve() {
    if (!(await dialog.confirm(t('qna.list.resolveConfirm')))) return;
    await change(() => resolveQuestion(qna.qna_sn, t('retry')), t('qna.list.resolved'));
  }

  async function removeFile(file: BoardFile) {
    if (!(await dialog.confirm(t('qna.list.removeFileConfirm')))) return;
    await change(() => removeQuestionFile(qna.qna_sn, file.file_sn, t('retry')), t('qna.list.fileRemoved'));
  }

  const titleId = `qna-${qna.qna_sn}-title`;
  return (
    <li className="rounded-2xl border border-neutral-200 p-4" aria-labelledby={titleId} data-qna={qna.qna_sn} data-state={qna.state}>
      <div className="flex flex-wrap items-center gap-2">
        <QnaStateBadge state={qna.state} />
        <span className="text-xs font-semibold text-neutral-500">{t(`qna.category.${qna.category}`)}</span>
        <time dateTime={qna.reg_date} className="ml-auto text-xs text-neutral-500 tabular-nums">
          {t('qna.list.asked', { date: kstDate(qna.reg_date, true) })}
        </time>
      </div>
      <h2 id={titleId} className="mt-2 break-words font-bold" data-qna-title>
        {qna.title}
      </h2>
      <PlainText text={qna.content} className="mt-2 text-sm text-neutral-800" data-qna-content />
      {qna.files.length > 0 && (
        <ul aria-label={t('qna.list.attachments')} className="mt-3 flex flex-wrap gap-2" data-qna-files={qna.files.length}>
          {qna.files.map((file, i) => (
            <li key={file.file_sn} className="relative" data-qna-file={file.file_sn}>
              <a href={file.url} target="_blank" rel="noreferrer" className="block focus-visible:outline-2 focus-visible:outline-brand">
                <img
                  src={file.url}
                  alt={t('qna.list.attachment', { n: i + 1 })}
                  className="size-20 rounded-lg bg-neutral-100 object-cover"
                  loading="lazy"
                />
              </a>
              {qna.state === 'waiting' && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void removeFile(file)}
                  aria-label={t('qna.list.removeFile', { n: i + 1 })}
                  className="absolute -top-2 -right-2 inline-flex size-8 items-center justify-center rounded-full border border-neutral-300 bg-white text-neutral-600 shadow hover:text-red-600 disabled:opacity-50"
                  data-qna-file-remove
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                  >
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {qna.answer ? (
        <section aria-label={t('qna.list.answer')} className="mt-4 rounded-xl bg-brand/5 p-4" data-qna-answer>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-bold text-brand-dark">{t('qna.list.answer')}</h3>
            {qna.answer_date && (
              <time dateTime={qna.answer_date} className="text-xs text-neutral-600 tabular-nums" data-qna-answer-date>
                {t('qna.list.answeredAt', { date: kstDate(qna.answer_date, true) })}
              </time>
            )}
          </div>
          <PlainText text={qna.answer} className="mt-2 text-sm text-neutral-800" data-qna-answer-text />
        </section>
      ) : (
        <p className="mt-4 rounded-xl bg-neutral-50 p-4 text-sm text-neutral-600">{t('qna.list.noAnswer')}</p>
      )}
      {qna.state === 'answered' && (
        <div className="mt-3 flex justify-end">
          <button type="button" className={primaryButton} disabled={busy} onClick={() => void resolve()} data-qna-resolve>
            {t('qna.list.resolve')}
          </button>
        </div>
      )}
    </li>
  );
}
