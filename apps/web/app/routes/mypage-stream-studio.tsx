import { StudioIdle, StudioPage } from '../features/guests/studio-page';
import { loadStreamPage } from '../features/stream/stream.server';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/mypage-stream-studio';

/**
 * /mypage/stream/studio (issue 24): the BJ's guest studio for the broadcast live now, a bare page to add to
 * OBS as a browser source. Signed out, a viewer account or not live: a line saying so.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await loadStreamPage(context);
  return { kind: data.kind, live: data.kind === 'bj' ? data.info.live : null };
}

export default function MypageStreamStudio({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('guests');
  const { kind, live } = loaderData;
  if (kind === 'bj' && live) return <StudioPage key={live.vod_key} vodKey={live.vod_key} />;
  if (kind === 'bj') return <StudioIdle text={t('studio.notLive')} />;
  return <StudioIdle text={kind === 'signed-out' ? t('studio.signIn') : t('studio.notLive')} />;
}
