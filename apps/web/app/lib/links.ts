import type { RankingCategory, RankingPeriod, SearchKind } from '@byeol/contract';

/**
 * Paths of pages other features link to, built in one place: a BJ's channel (issue 17) wherever a BJ is
 * named, the message compose form wherever a member can be written to, and the search and ranking pages
 * (issue 18) from the header.
 */

/** The tabs of a channel page after `/channel/bj/{id}` (home is the channel's own path). */
export type ChannelTab = 'home' | 'play' | 'fan' | 'comment' | 'profile' | 'feed' | 'schedule';

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

/** `/search?keyword=…` (kind `all`) or `/search/{kind}?keyword=…`. */
export function searchPath(kind: SearchKind, keyword: string): string {
  const base = kind === 'all' ? '/search' : `/search/${kind}`;
  return `${base}?${new URLSearchParams({ keyword })}`;
}

/** The default tab of the ranking pages (`?period=` is left out for it). */
export const DEFAULT_RANKING_PERIOD: RankingPeriod = 'week';

/** `/sub/ranking` (category all) or `/sub/ranking/{category}`, with `?period=` unless it is the weekly default. */
export function rankingPath(category: RankingCategory = 'all', period: RankingPeriod = DEFAULT_RANKING_PERIOD): string {
  const base = category === 'all' ? '/sub/ranking' : `/sub/ranking/${category}`;
  return period === DEFAULT_RANKING_PERIOD ? base : `${base}?period=${period}`;
}
