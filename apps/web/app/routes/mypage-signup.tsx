import { APPLICATION_KINDS, type ApplicationKind, applicationsEndpoints } from '@byeol/contract';
import { loadSignedIn } from '../features/account/account.server';
import { SignupPage } from '../features/applications/signup-page';
import { useTranslation } from '../i18n/react';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-signup';

/** /mypage/signup/bj, /kstar and /program share this page; the last path segment is the kind. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const kind = path.split('/').pop() as ApplicationKind;
  if (!APPLICATION_KINDS.includes(kind)) throw new Response('Not found', { status: 404 });
  return { kind, info: await loadSignedIn(context, applicationsEndpoints.signupInfo, { kind }) };
}

/** Logged out: the sign-in panel opens on this page (LoginGate), not a redirect. */
export default function MypageSignup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('identity');
  const { kind, info } = loaderData;
  return (
    <LoginGate signedIn={info !== null} title={t(`apply.title.${kind}`)}>
      {/* A new page per kind, so a form typed for one kind never shows on another. */}
      {info && <SignupPage key={info.kind} info={info} />}
    </LoginGate>
  );
}
