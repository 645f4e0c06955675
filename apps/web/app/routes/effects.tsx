import { playEndpoints, ResultCode } from '@byeol/contract';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { EffectsStage } from '../features/chat/effects-stage';
import { api } from '../lib/api';
import type { Route } from './+types/effects';

/** How often an overlay asks which broadcast its BJ is live in (a new broadcast has a new vod_key). */
const FOLLOW_EVERY_MS = 15_000;

/**
 * The live room an overlay shows: `key` is any vod_key of the BJ or the BJ's ID, so the one URL a BJ puts
 * in OBS follows them from one broadcast to the next. null until known; '' while the BJ is off air.
 */
function useFollowedRoom(key: string, enabled: boolean): string | null {
  const [vodKey, setVodKey] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const ask = async () => {
      try {
        const res = await api.call(playEndpoints.liveRoom, { key });
        if (stopped) return;
        if (res.rslt_cd === 0) setVodKey(res.rslt_set.vod_key);
        else if (res.rslt_cd === ResultCode.BROADCAST_NOT_FOUND || res.rslt_cd === ResultCode.INVALID_INPUT) setVodKey('');
      } catch {
        // The next round asks again.
      }
    };
    void ask();
    const timer = setInterval(ask, FOLLOW_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [key, enabled]);
  return vodKey;
}

/**
 * The effects overlay of a room (SPEC §2 /play/{vod_key}/effects[/full], and the /vod twins), captured by
 * OBS as a browser source: transparent, no chrome. Live rooms animate enters and gifts; `/full` adds the
 * chat. The live pages follow the BJ (docs/chat-protocol.md, "Effects overlay"); a replay has no live
 * room: its stage stays empty.
 */
export default function Effects({ params }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const full = /\/effects\/full\/?$/.test(pathname);
  const live = pathname.startsWith('/play/');
  const followed = useFollowedRoom(params.vod_key, live);
  if (!live) return <EffectsStage vodKey={params.vod_key} full={full} live={false} />;
  if (!followed)
    return <div id="effects-stage" className="pointer-events-none fixed inset-0 bg-transparent" data-effects-stage="off-air" />;
  return <EffectsStage key={followed} vodKey={followed} full={full} live />;
}
