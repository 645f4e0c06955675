import { useLocation } from 'react-router';
import { EffectsStage } from '../features/chat/effects-stage';
import type { Route } from './+types/effects';

/**
 * The effects overlay of a room (SPEC §2 /play/{vod_key}/effects[/full], and the /vod twins), captured by
 * OBS as a browser source: transparent, no chrome. Live rooms animate enters and gifts; `/full` adds the
 * chat. A replay has no live room: its stage stays empty.
 */
export default function Effects({ params }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const full = /\/effects\/full\/?$/.test(pathname);
  const live = pathname.startsWith('/play/');
  return <EffectsStage vodKey={params.vod_key} full={full} live={live} />;
}
