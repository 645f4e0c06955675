import { type AdminQna, CS_LIMITS, type QnaState, resultMessage } from '@byeol/contract';
import { type FormEvent, useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, FormError, inputClass, primaryButton, secondaryButton } from '../../ui/fields';
import type { AdminList } from './admin.server';
import {
  AdminEmpty,
  CardCell,
  CardTable,
  cardRowClass,
  FilterTabs,
  ListError,
  MemberCell,
  Pager,
  RowActions,
  ScreenTitle,
  StateBadge,
} from './admin-ui';
import { answerQna } from './community-api';
import { QNA_FILTERS, type QnaFilter } from './community-rules';

const STATE_TONE: Record<QnaState, 'amber' | 'green' | 'grey'> = { waiting: 'amber', answered: 'green', complete: 'grey' };

/**
 * Members' questions (docs/community.md), the oldest waiting first: a question opens with its text and
 * images, and the answer is written (or changed, until the member closes the question) in the same dialog.
 */
export function QnaPage({ data, page, state }: { data: AdminList<AdminQna>; page: number; state: QnaFilter }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const loading = navigation.state !== 'idle';

  async function open(q: AdminQna) {
    setBusy(true);
    const saved = await dialog.layer<AdminQna>((close) => <QnaAnswerForm qna={q} close={close} />, {
      title: t('qna.dialogTitle', { sn: q.qna_sn }),
    });
    setBusy(false);
    if (!saved) return;
    dialog.toast(t('qna.saved'));
    void revalidator.revalidate();
  }

  return (
    <div data-admin-qna>
      <ScreenTitle title={t('qna.title')} />
      <FilterTabs
        name="qna-state"
        label={t('qna.filterLabel')}
        items={QNA_FILTERS}
        current={state}
        hrefOf={(s) => (s === 'waiting' ? '?' : `?state=${s}`)}
        textOf={(s) => t(`qna.filter.${s}`)}
      />
      {!data.ok ? (
        <ListError message={data.message} />
      ) : data.list.data_list.length === 0 ? (
        <AdminEmpty name="qna" text={state === 'waiting' ? t('qna.empty') : t('qna.emptyAll')} />
      ) : (
        <CardTable
          name="qna"
          heads={[
            t('qna.col.number'),
            t('qna.col.category'),
            t('qna.col.title'),
            t('qna.col.member'),
            t('qna.col.date'),
            t('qna.col.state'),
            '',
          ]}
        >
          {data.list.data_list.map((q) => (
            <tr key={q.qna_sn} className={cardRowClass} data-qna-row={q.qna_sn} data-state={q.state}>
              <CardCell label={t('qna.col.number')} className="tabular-nums">
                {q.qna_sn}
              </CardCell>
              <CardCell label={t('qna.col.category')}>{t(`qna.category.${q.category}`)}</CardCell>
              <CardCell label={t('qna.col.title')}>
                <span className="font-semibold" data-qna-title>
                  {q.title}
                </span>
                {q.files.length > 0 && (
                  <span className="ml-1 text-xs text-neutral-500">{t('qna.fileCount', { n: formatNumber(q.files.length, lang) })}</span>
                )}
              </CardCell>
              <CardCell label={t('qna.col.member')}>
                <MemberCell nick={q.user_nick} id={q.user_id} />
              </CardCell>
              <CardCell label={t('qna.col.date')} className="whitespace-nowrap tabular-nums">
                {kstDate(q.reg_date, true)}
              </CardCell>
              <CardCell label={t('qna.col.state')}>
                <StateBadge tone={STATE_TONE[q.state]} name={q.state}>
                  {t(`qna.state.${q.state}`)}
                </StateBadge>
              </CardCell>
              <CardCell className="pt-2 md:pt-2">
                <RowActions
                  disabled={busy}
                  actions={[
                    {
                      name: 'qna-open',
                      text: q.state === 'waiting' ? t('qna.answerOpen') : q.state === 'answered' ? t('qna.editOpen') : t('qna.view'),
                      run: () => void open(q),
                    },
                  ]}
                />
              </CardCell>
            </tr>
          ))}
        </CardTable>
      )}
      {data.ok && <Pager page={page} total={data.list.data_totalcount} busy={loading} />}
    </div>
  );
}

/** One question with its images and the answer form (read only once the member closed it). */
function QnaAnswerForm({ qna, close }: { qna: AdminQna; close: (saved?: AdminQna) => void }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const [answer, setAnswer] = useState(qna.answer ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: boolean; message: string } | null>(null);
  const closed = qna.state === 'complete';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || closed) return;
    if (answer.trim() === '') {
      setError({ field: true, message: resultMessage('QNA_ANSWER_REQUIRED', lang) });
      return;
    }
    setBusy(true);
    setError(null);
    const res = await answerQna(qna.qna_sn, answer.trim(), t('error.retry'));
    setBusy(false);
    if (isOk(res)) {
      close(res.rslt_set);
      return;
    }
    setError({ field: false, message: res.rslt_msg || t('error.retry') });
  }

  return (
    <form className="space-y-4 p-4 text-neutral-900" onSubmit={(e) => void submit(e)} noValidate data-qna-form={qna.qna_sn}>
      <section className="space-y-2 rounded-lg bg-neutral-50 p-3 text-sm" data-qna-question>
        <p className="text-xs text-neutral-500">
          {t(`qna.category.${qna.category}`)} · {qna.user_nick} ({qna.user_id}) · {kstDate(qna.reg_date, true)}
        </p>
        <h3 className="text-base font-bold break-words">{qna.title}</h3>
        <p className="whitespace-pre-line break-words" data-qna-content>
          {qna.content}
        </p>
        {qna.files.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('qna.images')} data-qna-files>
            {qna.files.map((f) => (
              <li key={f.file_sn}>
                <a href={f.url} target="_blank" rel="noopener noreferrer" className="block">
                  <img
                    src={f.url}
                    alt={f.name}
                    width={f.width || undefined}
                    height={f.height || undefined}
                    loading="lazy"
                    className="h-24 w-auto max-w-full rounded-lg border border-neutral-200 object-cover"
                    data-qna-image
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {qna.answered_by_nick && qna.answer_date && (
        <p className="text-xs text-neutral-500">
          {t('qna.answeredBy', { nick: qna.answered_by_nick, date: kstDate(qna.answer_date, true) })}
        </p>
      )}
      <div>
        <label htmlFor="qna-answer" className="mb-1 block text-sm font-semibold text-neutral-800">
          {t('qna.answer')}
        </label>
        <textarea
          id="qna-answer"
          name="answer"
          rows={8}
          className={inputClass}
          value={answer}
          maxLength={CS_LIMITS.answerMax}
          disabled={closed}
          aria-invalid={error?.field === true}
          aria-describedby="qna-answer-msg"
          onChange={(e) => {
            setAnswer(e.target.value);
            if (error?.field) setError(null);
          }}
        />
        <FieldMessages
          id="qna-answer"
          errors={error?.field ? [error.message] : []}
          hint={
            closed
              ? t('qna.closedNote')
              : t('qna.answerHint', { n: formatNumber([...answer].length, lang), max: formatNumber(CS_LIMITS.answerMax, lang) })
          }
        />
      </div>
      <FormError message={error && !error.field ? error.message : undefined} />
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={() => close()} disabled={busy}>
          {closed ? t('dialog.close') : t('dialog.cancel')}
        </button>
        {!closed && (
          <button type="submit" className={primaryButton} disabled={busy} data-qna-submit>
            {busy ? t('dialog.working') : qna.answer ? t('qna.update') : t('qna.submit')}
          </button>
        )}
      </div>
    </form>
  );
}
