import { editorialEndpoints, ResultCode, resultMessage } from '@byeol/contract';
import { data, isRouteErrorResponse } from 'react-router';
import { parentMeta } from '../features/board/board-meta';
import { editorialMeta } from '../features/editorial/editorial-meta';
import { snOf } from '../features/editorial/editorial-rules';
import { MagazineArticlePage } from '../features/editorial/magazine-article-page';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { type RootData, useLang } from '../lib/use-site';
import { NotFoundPage } from '../ui/not-found-page';
import { ServicePreparing } from '../ui/service-preparing';
import type { Route } from './+types/magazine-detail';

/** Answers of magazine_info that mean there is no such article to show: the page is a 404. */
const MISSING: readonly number[] = [ResultCode.MAGAZINE_NOT_FOUND, ResultCode.INVALID_INPUT, ResultCode.REQUIRED, ResultCode.NOT_FOUND];

/**
 * /magazine/{id} (issue 21): an article with the recommended ones and the report types (GET
 * /sub/magazine_info). A draft, hidden or unknown article is a 404 (MAGAZINE_NOT_FOUND); while the magazine
 * switch is off the page says the service is being prepared. The view is counted by the page once it runs.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const miSn = snOf(params.id);
  if (!miSn) throw data(null, { status: 404 });
  const body = await loadEndpoint(context, editorialEndpoints.magazineInfo, { mi_sn: miSn });
  if (body.rslt_cd === 0) return { set: body.rslt_set, preparing: '' };
  if (body.rslt_cd === ResultCode.SERVICE_PREPARING) return { set: null, preparing: body.rslt_msg };
  if (MISSING.includes(body.rslt_cd)) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

export default function MagazineDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('editorial');
  if (!loaderData.set) return <ServicePreparing title={t('magazine.title')} message={loaderData.preparing} />;
  return <MagazineArticlePage key={loaderData.set.magazine_info.mi_sn} set={loaderData.set} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  editorialMeta(
    data?.set
      ? { page: 'article', title: data.set.magazine_info.title, description: data.set.magazine_info.summary }
      : data
        ? { page: 'magazine', noindex: true }
        : undefined,
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const lang = useLang();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage message={resultMessage('MAGAZINE_NOT_FOUND', lang)} />;
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-3 text-neutral-600">{t('error.retry')}</p>
    </div>
  );
}
