import { communityEndpoints, ResultCode } from '@byeol/contract';
import { CS_PAGE_SIZE } from '../features/cs/cs-rules';
import { QnaListPage } from '../features/cs/qna-list-page';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/cs-qna-answer';

/** /cs/qna/answer: the member's questions with their answers. Logged out: the sign-in gate. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await loadEndpoint(context, communityEndpoints.csQna, { offset: 0, limit: CS_PAGE_SIZE });
  return { signedIn: list.rslt_cd !== ResultCode.LOGIN_REQUIRED, list: list.rslt_cd === 0 ? list.rslt_set : null };
}

export default function CsQnaAnswer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cs');
  const { signedIn, list } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('qna.list.title')}>
      <QnaListPage key={JSON.stringify(list)} initial={list} />
    </LoginGate>
  );
}
