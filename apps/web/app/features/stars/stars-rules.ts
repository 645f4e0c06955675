import { STAR_LIMITS, type StarCard } from '@byeol/contract';
import { channelPath, playPath, programPath } from '../../lib/links';

/**
 * The directories' rules (issue 22, docs/stars.md): the page size of `/sub/program` and `/sub/kstar`, the
 * group filter of `/sub/kstar` (`?group=`), where a card leads and whether a directory's switch is on.
 */

/** Which directory: program accounts or K-stars (agency stars). */
export type StarKind = 'program' | 'kstar';

/** Cards per page ("more" adds as many). */
export const STAR_PAGE_SIZE = 24;

/** `?group=` of /sub/kstar, trimmed; '' for all (or for anything longer than a group name may be). */
export function groupOf(params: URLSearchParams): string {
  const value = (params.get('group') ?? '').trim();
  return [...value].length <= STAR_LIMITS.groupMax ? value : '';
}

export const programListPath = '/sub/program';

/** The card's account is live now. */
export const isLive = (card: Pick<StarCard, 'live_vod_key'>) => card.live_vod_key !== '';

/** The account's own page: a program's channel, or a K-star's (a BJ channel). */
export const channelOf = (kind: StarKind, id: string) => (kind === 'program' ? programPath(id) : channelPath(id));

/** Where a card leads: its live room while it is live, else its channel. */
export const cardPath = (kind: StarKind, card: Pick<StarCard, 'id' | 'live_vod_key'>) =>
  isLive(card) ? playPath(card.live_vod_key) : channelOf(kind, card.id);

/** A debut day ('YYYY-MM-DD') as the site writes days ('YYYY.MM.DD'); '' when unknown. */
export const debutText = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.replaceAll('-', '.') : '');
