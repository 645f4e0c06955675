import {
  type AdminSavedSet,
  type BoardPost,
  CS_LIMITS,
  type CsFaq,
  type CsNotice,
  FAQ_CATEGORIES,
  type FaqCategory,
} from '@byeol/contract';
import { useState } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { type Answer, isOk } from '../../lib/answer';
import { kstDate } from '../../lib/format';
import { useDialog } from '../../ui/dialogs';
import { primaryButton, secondaryButton } from '../../ui/fields';
import type { AdminList } from './admin.server';
import {
  ActionDialog,
  type ActionField,
  AdminEmpty,
  CardCell,
  CardTable,
  cardRowClass,
  FilterTabs,
  inputClass,
  ListError,
  Pager,
  RowActions,
  ScreenTitle,
  StateBadge,
} from './admin-ui';
import { saveFaq, saveNotice } from './community-api';

export const CS_TABS = ['notice', 'board', 'faq'] as const;
export type CsTab = (typeof CS_TABS)[number];

export type CsData =
  | { tab: 'notice'; page: number; list: AdminList<CsNotice> }
  | { tab: 'board'; page: number; list: AdminList<BoardPost> }
  | { tab: 'faq'; page: number; category: FaqCategory | ''; list: AdminList<CsFaq> };

/** A notice as the edit form takes it (a board notice's text is read when it is opened). */
interface NoticeDraft {
  sn: number;
  title: string;
  content: string;
  top_yn: 'Y' | 'N';
}

/**
 * The customer centre's texts (docs/community.md): its notices (pinned or not), the board's operating
 * principles (notices pinned on top of the board) and the FAQ by category and order; each written, edited
 * or removed here (operators; audited).
 */
export function CsPage({ data }: { data: CsData }) {
  const { t } = useTranslation('admin');
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const loading = navigation.state !== 'idle';
  const fallback = t('error.retry');
  const place = data.tab === 'board' ? 'board' : 'cs';

  async function editNotice(draft: NoticeDraft | null, warning = '') {
    setBusy(true);
    const fields: ActionField[] = [
      { name: 'title', label: t('cs.field.title'), value: draft?.title ?? '', required: true, maxLength: CS_LIMITS.titleMax },
      {
        name: 'content',
        label: t('cs.field.content'),
        value: draft?.content ?? '',
        kind: 'textarea',
        rows: 10,
        required: true,
        maxLength: CS_LIMITS.contentMax,
      },
      ...(place === 'cs' ? [{ name: 'top_yn', label: t('cs.field.top'), value: draft?.top_yn ?? 'N', kind: 'checkbox' as const }] : []),
    ];
    const saved = await dialog.layer<AdminSavedSet>(
      (close) => (
        <ActionDialog<AdminSavedSet>
          intro={
            place === 'board' ? (
              <div className="space-y-2 text-sm">
                <p className="text-neutral-600">{t('cs.boardNote')}</p>
                {warning && (
                  <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900" data-board-rewrite>
                    {warning}
                  </p>
                )}
              </div>
            ) : undefined
          }
          fields={fields}
          submitLabel={t('cs.save')}
          onSubmit={(v) =>
            saveNotice(
              {
                notice_sn: draft?.sn ?? 0,
                title: v.title?.trim() ?? '',
                content: v.content?.trim() ?? '',
                top_yn: v.top_yn === 'Y' ? 'Y' : 'N',
                place,
              },
              fallback,
            )
          }
          close={close}
        />
      ),
      {
        title: draft
          ? t(place === 'board' ? 'cs.editBoard' : 'cs.editNotice', { sn: draft.sn })
          : t(place === 'board' ? 'cs.newBoard' : 'cs.newNotice'),
      },
    );
    setBusy(false);
    if (!saved) return;
    dialog.toast(t('cs.saved'));
    void revalidator.revalidate();
  }

  /**
   * A board notice is listed without its text, and no call reads it (the board's post detail is for posts):
   * its title is kept and the whole text is written again.
   */
  function editBoardNotice(post: BoardPost) {
    return editNotice({ sn: post.board_sn, title: post.title, content: '', top_yn: 'Y' }, t('cs.boardRewrite'));
  }

  async function remove(title: string, call: () => Promise<Answer<AdminSavedSet>>) {
    if (!(await dialog.confirm(t('cs.deleteConfirm', { title }), { title: t('cs.deleteTitle') }))) return;
    setBusy(true);
    const res = await call();
    setBusy(false);
    if (!isOk(res)) {
      await dialog.ok(res.rslt_msg || fallback);
      return;
    }
    dialog.toast(t('cs.deleted'));
    void revalidator.revalidate();
  }

  async function editFaq(faq: CsFaq | null) {
    setBusy(true);
    const category = faq?.category ?? (data.tab === 'faq' && data.category ? data.category : 'etc');
    const saved = await dialog.layer<AdminSavedSet>(
      (close) => (
        <ActionDialog<AdminSavedSet>
          fields={[
            {
              name: 'category',
              label: t('cs.faq.category'),
              value: category,
              kind: 'select',
              options: FAQ_CATEGORIES.map((c) => ({ value: c, label: t(`cs.faqCategory.${c}`) })),
            },
            {
              name: 'question',
              label: t('cs.faq.question'),
              value: faq?.question ?? '',
              required: true,
              maxLength: CS_LIMITS.titleMax * 2,
            },
            {
              name: 'answer',
              label: t('cs.faq.answer'),
              value: faq?.answer ?? '',
              kind: 'textarea',
              rows: 8,
              required: true,
              maxLength: CS_LIMITS.answerMax,
            },
            {
              name: 'sort_no',
              label: t('cs.faq.sort'),
              value: String(faq?.sort_no ?? 0),
              inputMode: 'numeric',
              hint: t('cs.faq.sortHint'),
            },
          ]}
          submitLabel={t('cs.save')}
          onSubmit={(v) =>
            saveFaq(
              {
                faq_sn: faq?.faq_sn ?? 0,
                category: FAQ_CATEGORIES.find((c) => c === v.category) ?? 'etc',
                question: v.question?.trim() ?? '',
                answer: v.answer?.trim() ?? '',
                sort_no: v.sort_no?.trim() || '0',
              },
              fallback,
            )
          }
          close={close}
        />
      ),
      { title: faq ? t('cs.faq.editTitle', { sn: faq.faq_sn }) : t('cs.faq.newTitle') },
    );
    setBusy(false);
    if (!saved) return;
    dialog.toast(t('cs.saved'));
    void revalidator.revalidate();
  }

  const list = data.list;
  const newButton = (
    <button
      type="button"
      className={primaryButton}
      disabled={busy}
      onClick={() => void (data.tab === 'faq' ? editFaq(null) : editNotice(null))}
      data-cs-new={data.tab}
    >
      {t(`cs.new.${data.tab}`)}
    </button>
  );

  return (
    <div data-admin-cs>
      <ScreenTitle title={t('cs.title')}>{newButton}</ScreenTitle>
      <FilterTabs
        name="cs-tab"
        label={t('cs.tabsLabel')}
        items={CS_TABS}
        current={data.tab}
        hrefOf={(tab) => (tab === 'notice' ? '?' : `?tab=${tab}`)}
        textOf={(tab) => t(`cs.tabs.${tab}`)}
      />
      {data.tab === 'board' && <p className="mb-4 text-sm text-neutral-500">{t('cs.boardNote')}</p>}
      {data.tab === 'faq' && (
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-neutral-200 p-4" data-faq-filter>
          <input type="hidden" name="tab" value="faq" />
          <label className="block min-w-0 flex-1 basis-40 text-xs font-semibold text-neutral-600 sm:max-w-60">
            {t('cs.faq.category')}
            <select name="category" defaultValue={data.category} className={`${inputClass} mt-1`}>
              <option value="">{t('cs.faq.all')}</option>
              {FAQ_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`cs.faqCategory.${c}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondaryButton} disabled={loading}>
            {t('items.filter')}
          </button>
        </Form>
      )}
      {!list.ok ? (
        <ListError message={list.message} />
      ) : list.list.data_list.length === 0 ? (
        <AdminEmpty name={`cs-${data.tab}`} text={t(`cs.empty.${data.tab}`)} />
      ) : data.tab === 'notice' ? (
        <CardTable name="notices" heads={[t('cs.col.number'), t('cs.col.title'), t('cs.col.date'), '']}>
          {(list.list.data_list as CsNotice[]).map((n) => (
            <tr key={n.notice_sn} className={cardRowClass} data-notice-row={n.notice_sn}>
              <CardCell label={t('cs.col.number')} className="tabular-nums">
                {n.notice_sn}
              </CardCell>
              <CardCell label={t('cs.col.title')}>
                {n.top_yn === 'Y' && (
                  <span className="mr-1">
                    <StateBadge tone="blue">{t('cs.pinned')}</StateBadge>
                  </span>
                )}
                <span className="font-semibold" data-notice-title>
                  {n.title}
                </span>
                <span className="mt-0.5 line-clamp-2 block text-xs whitespace-pre-line text-neutral-500">{n.content}</span>
              </CardCell>
              <CardCell label={t('cs.col.date')} className="whitespace-nowrap tabular-nums">
                {kstDate(n.reg_date, true)}
              </CardCell>
              <CardCell className="pt-2 md:pt-2">
                <RowActions
                  wrap
                  disabled={busy}
                  actions={[
                    {
                      name: 'cs-edit',
                      text: t('cs.edit'),
                      run: () => void editNotice({ sn: n.notice_sn, title: n.title, content: n.content, top_yn: n.top_yn }),
                    },
                    {
                      name: 'cs-delete',
                      text: t('cs.delete'),
                      danger: true,
                      run: () => void remove(n.title, () => saveNotice({ notice_sn: n.notice_sn, delete_yn: 'Y', place: 'cs' }, fallback)),
                    },
                  ]}
                />
              </CardCell>
            </tr>
          ))}
        </CardTable>
      ) : data.tab === 'board' ? (
        <CardTable name="board-notices" heads={[t('cs.col.number'), t('cs.col.title'), t('cs.col.date'), '']}>
          {(list.list.data_list as BoardPost[]).map((p) => (
            <tr key={p.board_sn} className={cardRowClass} data-notice-row={p.board_sn}>
              <CardCell label={t('cs.col.number')} className="tabular-nums">
                {p.board_sn}
              </CardCell>
              <CardCell label={t('cs.col.title')}>
                <a
                  href={`/bbs/detail/${p.board_sn}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold underline-offset-2 hover:underline"
                  data-notice-title
                >
                  {p.title}
                  <span className="sr-only"> {t('board.newTab')}</span>
                </a>
              </CardCell>
              <CardCell label={t('cs.col.date')} className="whitespace-nowrap tabular-nums">
                {kstDate(p.reg_date, true)}
              </CardCell>
              <CardCell className="pt-2 md:pt-2">
                <RowActions
                  wrap
                  disabled={busy}
                  actions={[
                    { name: 'cs-edit', text: t('cs.edit'), run: () => void editBoardNotice(p) },
                    {
                      name: 'cs-delete',
                      text: t('cs.delete'),
                      danger: true,
                      run: () =>
                        void remove(p.title, () => saveNotice({ notice_sn: p.board_sn, delete_yn: 'Y', place: 'board' }, fallback)),
                    },
                  ]}
                />
              </CardCell>
            </tr>
          ))}
        </CardTable>
      ) : (
        <CardTable name="faq" heads={[t('cs.col.number'), t('cs.faq.category'), t('cs.faq.question'), t('cs.faq.sort'), '']}>
          {(list.list.data_list as CsFaq[]).map((f) => (
            <tr key={f.faq_sn} className={cardRowClass} data-faq-row={f.faq_sn}>
              <CardCell label={t('cs.col.number')} className="tabular-nums">
                {f.faq_sn}
              </CardCell>
              <CardCell label={t('cs.faq.category')}>{t(`cs.faqCategory.${f.category}`)}</CardCell>
              <CardCell label={t('cs.faq.question')}>
                <span className="font-semibold" data-faq-question>
                  {f.question}
                </span>
                <span className="mt-0.5 line-clamp-2 block text-xs whitespace-pre-line text-neutral-500">{f.answer}</span>
              </CardCell>
              <CardCell label={t('cs.faq.sort')} className="tabular-nums">
                {f.sort_no}
              </CardCell>
              <CardCell className="pt-2 md:pt-2">
                <RowActions
                  wrap
                  disabled={busy}
                  actions={[
                    { name: 'cs-edit', text: t('cs.edit'), run: () => void editFaq(f) },
                    {
                      name: 'cs-delete',
                      text: t('cs.delete'),
                      danger: true,
                      run: () => void remove(f.question, () => saveFaq({ faq_sn: f.faq_sn, delete_yn: 'Y' }, fallback)),
                    },
                  ]}
                />
              </CardCell>
            </tr>
          ))}
        </CardTable>
      )}
      {list.ok && data.tab !== 'board' && <Pager page={data.page} total={list.list.data_totalcount} busy={loading} />}
    </div>
  );
}
