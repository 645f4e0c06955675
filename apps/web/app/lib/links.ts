/**
 * Paths of pages other features link to, built in one place: a BJ's channel (issue 17) wherever a BJ is
 * named, and the message compose form wherever a member can be written to.
 */

/** The tabs of a channel page after `/channel/bj/{id}` (home is the channel's own path). */
export type ChannelTab = 'home' | 'play' | 'fan' | 'comment' | 'profile' | 'feed';

/** `/channel/bj/{id}` (a BJ's login ID), or one of its tabs. */
export function channelPath(id: string, tab: ChannelTab = 'home'): string {
  const base = `/channel/bj/${encodeURIComponent(id)}`;
  return tab === 'home' ? base : `${base}/${tab}`;
}

/** The tabs of a program account's channel after `/channel/program/{id}` (home lists its replays). */
export type ProgramTab = 'home' | 'comment';

/** `/channel/program/{id}` (a program account's login ID), or its comment tab. */
export function programPath(id: string, tab: ProgramTab = 'home'): string {
  const base = `/channel/program/${encodeURIComponent(id)}`;
  return tab === 'home' ? base : `${base}/${tab}`;
}

/** The message compose form (`/mypage/message/send`), with the recipient's login ID filled in when given. */
export function messageComposePath(to?: string): string {
  return to ? `/mypage/message/send?to=${encodeURIComponent(to)}` : '/mypage/message/send';
}

/** A live room. */
export const playPath = (vodKey: string) => `/play/${encodeURIComponent(vodKey)}`;

/** A replay. */
export const vodPath = (vodKey: string) => `/vod/${encodeURIComponent(vodKey)}`;
