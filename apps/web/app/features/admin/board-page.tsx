import type { AdminBoardPost, AdminBoardReply, ModerationAction, PostState, Sanction } from '@byeol/contract';
import { useState } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { type Answer, fieldOf, isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { primaryButton, secondaryButton } from '../../ui/fields';
import type { AdminList } from './admin.server';
import { kstMinute } from './admin-rules';
import {
  ActionDialog,
  AdminEmpty,
  CardCell,
  CardTable,
  cardRowClass,
  FilterTabs,
  inputClass,
  ListError,
  MemberCell,
  Pager,
  RowActions,
  ScreenTitle,
  StateBadge,
} from './admin-ui';
import { moderatePost, moderateReply, restrictMember } from './community-api';
import {
  moderationActionsFor,
  POST_FILTERS,
  type PostFilter,
  RESTRICT_DAYS_DEFAULT,
  RESTRICT_DAYS_MAX,
  restrictHours,
} from './community-rules';

export type BoardTab = 'posts' | 'replies';
export type BoardData =
  | { tab: 'posts'; state: PostFilter; keyword: string; page: number; list: AdminList<AdminBoardPost> }
  | { tab: 'replies'; state: PostFilter; keyword: string; page: number; list: AdminList<AdminBoardReply> };

const STATE_TONE = { visible: 'green', hidden: 'amber', deleted: 'red' } as const;

/** The query of the board screen with one thing changed (page 1 again). */
function hrefOf(data: BoardData, change: { tab?: BoardTab; state?: PostFilter }): string {
  const tab = change.tab ?? data.tab;
  const q = new URLSearchParams();
  if (tab === 'replies') q.set('tab', 'replies');
  const state = change.tab && change.tab !== data.tab ? 'all' : (change.state ?? data.state);
  if (state !== 'all') q.set('state', state);
  if (data.keyword && !change.tab) q.set('keyword', data.keyword);
  const qs = q.toString();
  return qs ? `?${qs}` : '?';
}

/**
 * Board moderation (docs/community.md): posts, or comments, in every state with their open reports; hide,
 * restore or delete one with a reason (audited), and restrict its author from the board for some days (a
 * `board` sanction). A post's title opens it on the board in a new tab.
 */
export function BoardPage({ data }: { data: BoardData }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const loading = navigation.state !== 'idle';
  const fallback = t('error.retry');

  async function moderate(
    target: { kind: 'post'; row: AdminBoardPost } | { kind: 'reply'; row: AdminBoardReply },
    action: ModerationAction,
  ) {
    setBusy(true);
    const sn = target.kind === 'post' ? target.row.board_sn : target.row.reply_sn;
    const done = await dialog.layer<unknown>(
      (close) => (
        <ActionDialog
          intro={
            <div className="space-y-2 text-sm">
              <TargetSummary target={target} />
              <p className="text-neutral-600">{t(`board.note.${action}`)}</p>
            </div>
          }
          fields={[{ name: 'reason', label: t('board.reason'), value: '', required: true, maxLength: 200, hint: t('board.reasonHint') }]}
          submitLabel={t(`board.action.${action}`)}
          danger={action === 'delete'}
          onSubmit={(v) =>
            target.kind === 'post'
              ? moderatePost(sn, action, v.reason?.trim() ?? '', fallback)
              : moderateReply(sn, action, v.reason?.trim() ?? '', fallback)
          }
          close={close}
        />
      ),
      { title: t(`board.dialog.${target.kind}.${action}`, { sn }) },
    );
    setBusy(false);
    if (!done) return;
    dialog.toast(t(`board.done.${action}`));
    void revalidator.revalidate();
  }

  async function restrict(author: { user_id: string; user_nick: string }) {
    setBusy(true);
    const done = await dialog.layer<Sanction>(
      (close) => (
        <ActionDialog<Sanction>
          intro={
            <p className="rounded-lg bg-neutral-50 p-3 text-sm" data-restrict-intro>
              {t('board.restrict.intro', { nick: author.user_nick, id: author.user_id })}
            </p>
          }
          fields={[
            {
              name: 'days',
              label: t('board.restrict.days'),
              value: String(RESTRICT_DAYS_DEFAULT),
              inputMode: 'numeric',
              required: true,
              hint: t('board.restrict.daysHint', { max: formatNumber(RESTRICT_DAYS_MAX, lang) }),
            },
            { name: 'reason', label: t('board.restrict.reason'), value: '', required: true, maxLength: 200 },
          ]}
          submitLabel={t('board.restrict.submit')}
          danger
          onSubmit={async (v): Promise<Answer<Sanction>> => {
            const hours = restrictHours(v.days ?? '');
            if (hours === null)
              return {
                rslt_cd: -1,
                rslt_msg: t('board.restrict.daysInvalid', { max: formatNumber(RESTRICT_DAYS_MAX, lang) }),
                rslt_set: { field: 'days' },
              };
            const res = await restrictMember(author.user_id, hours, v.reason?.trim() ?? '', fallback);
            // The sanction names its period `hours`: that is the days field here.
            return !isOk(res) && fieldOf(res) === 'hours' ? { ...res, rslt_set: { field: 'days' } } : res;
          }}
          close={close}
        />
      ),
      { title: t('board.restrict.title') },
    );
    setBusy(false);
    if (!done) return;
    dialog.toast(t('board.restrict.done', { nick: author.user_nick, until: kstMinute(Date.parse(done.ends_at)) }));
  }

  const stateText = (s: PostState) => t(`board.state.${s}`);
  const actionsOf = (target: { kind: 'post'; row: AdminBoardPost } | { kind: 'reply'; row: AdminBoardReply }) => [
    ...moderationActionsFor(target.row.state).map((action) => ({
      name: `mod-${action}`,
      text: t(`board.action.${action}`),
      run: () => void moderate(target, action),
      danger: action === 'delete',
    })),
    { name: 'restrict', text: t('board.restrict.open'), run: () => void restrict(target.row) },
  ];
  const reportsCell = (n: number) =>
    n > 0 ? (
      <StateBadge tone="red" name="reports">
        {t('board.reportCount', { n: formatNumber(n, lang) })}
      </StateBadge>
    ) : (
      <span className="text-neutral-400">0</span>
    );

  const list = data.list;
  return (
    <div data-admin-board>
      <ScreenTitle title={t('board.screen')} />
      <FilterTabs
        name="tab"
        label={t('board.tabsLabel')}
        items={['posts', 'replies'] as const}
        current={data.tab}
        hrefOf={(tab) => hrefOf(data, { tab })}
        textOf={(tab) => t(`board.tabs.${tab}`)}
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-neutral-200 p-4" data-board-filter>
        {data.tab === 'replies' && <input type="hidden" name="tab" value="replies" />}
        <label className="block w-full text-xs font-semibold text-neutral-600 sm:w-40">
          {t('board.stateLabel')}
          <select name="state" defaultValue={data.state} className={`${inputClass} mt-1`}>
            {POST_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`board.filter.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="block min-w-0 flex-1 basis-48 text-xs font-semibold text-neutral-600">
          {t('board.keyword')}
          <input
            name="keyword"
            defaultValue={data.keyword}
            maxLength={64}
            placeholder={data.tab === 'posts' ? t('board.keywordHint') : t('board.keywordHintReplies')}
            className={`${inputClass} mt-1`}
          />
        </label>
        <div className="flex gap-2">
          <button type="submit" className={primaryButton} disabled={loading} data-board-search>
            {loading ? t('orders.searching') : t('orders.search')}
          </button>
          <a href={data.tab === 'replies' ? '/admin/board?tab=replies' : '/admin/board'} className={secondaryButton}>
            {t('orders.reset')}
          </a>
        </div>
      </Form>
      {!list.ok ? (
        <ListError message={list.message} />
      ) : list.list.data_list.length === 0 ? (
        <AdminEmpty name="board" text={data.tab === 'posts' ? t('board.empty') : t('board.emptyReplies')} />
      ) : data.tab === 'posts' ? (
        <CardTable
          name="posts"
          heads={[
            t('board.col.number'),
            t('board.col.title'),
            t('board.col.author'),
            t('board.col.date'),
            t('board.col.reports'),
            t('board.col.state'),
            '',
          ]}
        >
          {(list.list.data_list as AdminBoardPost[]).map((p) => (
            <tr key={p.board_sn} className={cardRowClass} data-post-row={p.board_sn} data-state={p.state}>
              <CardCell label={t('board.col.number')} className="tabular-nums">
                {p.board_sn}
                {p.notice_yn === 'Y' && (
                  <span className="ml-1">
                    <StateBadge tone="blue">{t('board.notice')}</StateBadge>
                  </span>
                )}
              </CardCell>
              <CardCell label={t('board.col.title')}>
                <a
                  href={`/bbs/detail/${p.board_sn}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-neutral-900 underline-offset-2 hover:underline"
                  data-post-link
                >
                  {p.title}
                  <span className="sr-only"> {t('board.newTab')}</span>
                </a>
                {p.state !== 'visible' && p.moderation_reason && (
                  <span className="mt-0.5 block text-xs text-neutral-500" data-moderation-reason>
                    {t('board.reasonShown', { reason: p.moderation_reason })}
                  </span>
                )}
              </CardCell>
              <CardCell label={t('board.col.author')}>
                <MemberCell nick={p.user_nick} id={p.user_id} />
              </CardCell>
              <CardCell label={t('board.col.date')} className="whitespace-nowrap tabular-nums">
                {kstDate(p.reg_date, true)}
              </CardCell>
              <CardCell label={t('board.col.reports')}>
                <span data-report-count={p.report_cnt}>{reportsCell(p.report_cnt)}</span>
              </CardCell>
              <CardCell label={t('board.col.state')}>
                <StateBadge tone={STATE_TONE[p.state]} name={p.state}>
                  {stateText(p.state)}
                </StateBadge>
              </CardCell>
              <CardCell className="pt-2 md:pt-2">
                <RowActions wrap disabled={busy} actions={actionsOf({ kind: 'post', row: p })} />
              </CardCell>
            </tr>
          ))}
        </CardTable>
      ) : (
        <CardTable
          name="replies"
          heads={[
            t('board.col.number'),
            t('board.col.content'),
            t('board.col.post'),
            t('board.col.author'),
            t('board.col.date'),
            t('board.col.reports'),
            t('board.col.state'),
            '',
          ]}
        >
          {(list.list.data_list as AdminBoardReply[]).map((r) => (
            <tr key={r.reply_sn} className={cardRowClass} data-reply-row={r.reply_sn} data-state={r.state}>
              <CardCell label={t('board.col.number')} className="tabular-nums">
                {r.reply_sn}
              </CardCell>
              <CardCell label={t('board.col.content')}>
                <span className="line-clamp-3 whitespace-pre-line" data-reply-content>
                  {r.content}
                </span>
              </CardCell>
              <CardCell label={t('board.col.post')}>
                <a
                  href={`/bbs/detail/${r.board_sn}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-neutral-800 underline-offset-2 hover:underline"
                  data-post-link
                >
                  {r.post_title}
                  <span className="sr-only"> {t('board.newTab')}</span>
                </a>
              </CardCell>
              <CardCell label={t('board.col.author')}>
                <MemberCell nick={r.user_nick} id={r.user_id} />
              </CardCell>
              <CardCell label={t('board.col.date')} className="whitespace-nowrap tabular-nums">
                {kstDate(r.reg_date, true)}
              </CardCell>
              <CardCell label={t('board.col.reports')}>
                <span data-report-count={r.report_cnt}>{reportsCell(r.report_cnt)}</span>
              </CardCell>
              <CardCell label={t('board.col.state')}>
                <StateBadge tone={STATE_TONE[r.state]} name={r.state}>
                  {stateText(r.state)}
                </StateBadge>
              </CardCell>
              <CardCell className="pt-2 md:pt-2">
                <RowActions wrap disabled={busy} actions={actionsOf({ kind: 'reply', row: r })} />
              </CardCell>
            </tr>
          ))}
        </CardTable>
      )}
      {list.ok && <Pager page={data.page} total={list.list.data_totalcount} busy={loading} />}
    </div>
  );
}

/** What a moderation dialog is about: the post's title, or the comment's text, and its author. */
function TargetSummary({ target }: { target: { kind: 'post'; row: AdminBoardPost } | { kind: 'reply'; row: AdminBoardReply } }) {
  const { t } = useTranslation('admin');
  return (
    <div className="rounded-lg bg-neutral-50 p-3" data-dialog-target={target.kind}>
      <p className="font-semibold break-words">{target.kind === 'post' ? target.row.title : target.row.content}</p>
      <p className="mt-1 text-xs text-neutral-500">
        {t('board.byAuthor', { nick: target.row.user_nick, id: target.row.user_id, date: kstDate(target.row.reg_date, true) })}
      </p>
    </div>
  );
}
