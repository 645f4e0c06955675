import { communityEndpoints, ResultCode, resultMessage } from '@byeol/contract';
import { data, isRouteErrorResponse } from 'react-router';
import { BoardDetailPage } from '../features/board/board-detail-page';
import { boardMeta, parentMeta } from '../features/board/board-meta';
import { REPLY_PAGE_SIZE } from '../features/board/board-rules';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { type RootData, useLang } from '../lib/use-site';
import { NotFoundPage } from '../ui/not-found-page';
import type { Route } from './+types/bbs-detail';

/** Answers of eventboard_info that mean there is no such post to show: the page is a 404. */
const MISSING: readonly number[] = [ResultCode.BOARD_POST_NOT_FOUND, ResultCode.INVALID_INPUT, ResultCode.REQUIRED, ResultCode.NOT_FOUND];

/**
 * /bbs/detail/{id} (issue 19): a post with its first page of comments (GET /sub/eventboard_info with view_yn Y,
 * which counts the view once per member per KST day). No such post answers HTTP 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const boardSn = Number(params.id);
  if (!Number.isSafeInteger(boardSn) || boardSn < 1) throw data(null, { status: 404 });
  const body = await loadEndpoint(context, communityEndpoints.boardInfo, {
    board_sn: boardSn,
    view_yn: 'Y',
    offset: 0,
    limit: REPLY_PAGE_SIZE,
  });
  if (body.rslt_cd === 0) return { set: body.rslt_set };
  if (MISSING.includes(body.rslt_cd)) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

export default function BbsDetail({ loaderData }: Route.ComponentProps) {
  return <BoardDetailPage key={loaderData.set.board_info.board_sn} set={loaderData.set} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  boardMeta(
    data ? { page: 'post', title: data.set.board_info.title, content: data.set.board_info.content } : undefined,
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
