import { communityEndpoints } from '@byeol/contract';
import { CS_PAGE_SIZE, faqCategoryOf, faqKeywordOf } from '../features/cs/cs-rules';
import { type FaqLoaderData, FaqPage } from '../features/cs/faq-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/cs-faq';

/** /cs/faq (`?category=&keyword=`): GET /sub/cscenter_faq, the first page. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<FaqLoaderData> {
  const query = new URL(request.url).searchParams;
  const category = faqCategoryOf(query.get('category'));
  const keyword = faqKeywordOf(query.get('keyword'));
  const body = await loadEndpoint(context, communityEndpoints.csFaq, { category, keyword, offset: 0, limit: CS_PAGE_SIZE });
  return body.rslt_cd === 0
    ? { category, keyword, list: body.rslt_set, message: '' }
    : { category, keyword, list: null, message: body.rslt_msg };
}

export default function CsFaq({ loaderData }: Route.ComponentProps) {
  return <FaqPage data={loaderData} />;
}
