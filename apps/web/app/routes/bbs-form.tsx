import { communityEndpoints, resultMessage } from '@byeol/contract';
import { data, isRouteErrorResponse } from 'react-router';
import { type BoardFormData, BoardFormPage } from '../features/board/board-form-page';
import { boardMeta, parentMeta } from '../features/board/board-meta';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { type RootData, useLang } from '../lib/use-site';
import { NotFoundPage } from '../ui/not-found-page';
import type { Route } from './+types/bbs-form';

/**
 * /bbs/form (issue 19): write a post, or with `?board_sn=N` edit one's own (GET /sub/eventboard_info without
 * counting a view). The list call (one row) tells the signed-in member's posting restriction. A guest gets
 * the page too: it says the board needs an account.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<BoardFormData> {
  const raw = new URL(request.url).searchParams.get('board_sn');
  const boardSn = raw ? Number(raw) : 0;
  if (raw && (!Number.isSafeInteger(boardSn) || boardSn < 1)) throw data(null, { status: 404 });
  const [list, info] = await Promise.all([
    loadEndpoint(context, communityEndpoints.boardList, { offset: 0, limit: 1 }),
    boardSn ? loadEndpoint(context, communityEndpoints.boardInfo, { board_sn: boardSn, view_yn: 'N', offset: 0, limit: 1 }) : null,
  ]);
  const restriction = list.rslt_cd === 0 ? list.rslt_set.restriction : null;
  if (!info) return { post: null, restriction, refusal: '' };
  if (info.rslt_cd !== 0) throw data(null, { status: 404 });
  const post = info.rslt_set.board_info;
  return { post, restriction, refusal: post.is_mine_yn === 'Y' ? '' : 'BOARD_NOT_OWNER' };
}

export default function BbsForm({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const refusal = loaderData.refusal ? resultMessage('BOARD_NOT_OWNER', lang) : '';
  return <BoardFormPage data={{ ...loaderData, refusal }} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  boardMeta(
    data ? { page: data.post ? 'edit' : 'write' } : undefined,
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const lang = useLang();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage message={resultMessage('BOARD_POST_NOT_FOUND', lang)} />;
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-3 text-neutral-600">{t('error.retry')}</p>
    </div>
  );
}
