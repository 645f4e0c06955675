/** The live-play page pattern of SPEC §2: an optional concert prefix, then /play/{vod_key}. */
const LIVE_PLAY = /^(?:\/concert\/[^/]+)?\/play\/([^/]+)\/?$/;

/** The vod_key when the path is a live room, otherwise null. The one answer to "is the viewer in a live room". */
export function livePlayVodKey(pathname: string): string | null {
  const m = LIVE_PLAY.exec(pathname);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

export function isLivePlayPath(pathname: string): boolean {
  return livePlayVodKey(pathname) !== null;
}
