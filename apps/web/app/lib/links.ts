import type { MagazineCategory, RankingCategory, RankingPeriod, SearchKind } from '@byeol/contract';

/**
 * Paths of pages other features link to, built in one place: a BJ's channel (issue 17) wherever a BJ is
 * named, the message compose form wherever a member can be written to, the search and ranking pages
 * (issue 18) from the header, and every other page one feature links to in another (the shorts feed, the
 * K-star directory, the magazine, the invite link, the tabs of /mypage/details, a channel's profile editor).
 * The customer centre's and the policies' paths are in `cs-links.ts`. A feature never imports another's
 * path helpers: a path two features need is added here.
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

/** `/sub/short`, or the feed opening with one clip (`?clip={clip_key}`), or in an order. */
export function shortPath(o: { clip?: string; order?: ShortOrder } = {}): string {
  const query = new URLSearchParams();
  if (o.order && o.order !== 'recent') query.set('order', o.order);
  if (o.clip) query.set('clip', o.clip);
  const qs = query.toString();
  return qs ? `/sub/short?${qs}` : '/sub/short';
}

export const SHORT_ORDERS = ['recent', 'popular'] as const;
export type ShortOrder = (typeof SHORT_ORDERS)[number];

/** `/sub/kstar`, or with `?group=` one group's members. */
export function kstarPath(group = ''): string {
  return group ? `/sub/kstar?${new URLSearchParams({ group })}` : '/sub/kstar';
}

/** `/magazine` with the category and the page (all and page 1 left out). */
export function magazineListPath(query: { category?: MagazineCategory | null; page?: number } = {}): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const qs = params.toString();
  return qs ? `/magazine?${qs}` : '/magazine';
}

export const magazinePath = (miSn: number) => `/magazine/${miSn}`;

/** The link a member shares so a friend's join carries their referral code. */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/user/join?ref=${encodeURIComponent(code)}`;
}

/** The game tab of /mypage/details (details_game; service being prepared while the game switch is off). */
export const GAME_DETAILS_PATH = '/mypage/details?tab=game';

/** The concert tickets tab of /mypage/details. */
export const CONCERT_TICKETS_PATH = '/mypage/details?tab=concert';

/** The owner's way into their channel's profile editor: the profile tab opened in edit mode (`?edit=1`). */
export const channelProfileEditPath = (id: string) => `${channelPath(id, 'profile')}?edit=1`;
