import { loadStreamPage } from '../features/stream/stream.server';
import { BjOnly, StreamPage } from '../features/stream/stream-page';
import { useTranslation } from '../i18n/react';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-stream';

/** SPEC §2 /mypage/stream. Logged out: the sign-in gate; a viewer account: why only BJ accounts broadcast. */
export async function loader({ context }: Route.LoaderArgs) {
  return await loadStreamPage(context);
}

export default function MypageStream({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('stream');
  const data = loaderData;
  return (
    <LoginGate signedIn={data.kind !== 'signed-out'} title={t('page.title')}>
      {data.kind === 'bj' && <StreamPage key={data.info.key_created_at} initial={data.info} />}
      {data.kind === 'bj-only' && <BjOnly />}
    </LoginGate>
  );
}
