import { type ChannelProfile, type SubscribeItem, VIP_COUNT } from '@byeol/contract';

/**
 * The channel pages' rules (issue 17, docs/channels.md): how the profile and the VIP ranks are shown, which
 * follows are on air. What the comment, feed and message forms refuse before sending is in
 * channel-form-rules.ts (the contract's schemas: zod loads with those forms, not with the play page).
 */

/** The profile tab opens in edit mode for its owner when the link asked for it. */
export const wantsProfileEdit = (value: string | null) => value === '1';

/** Characters as the server counts them (code points: an emoji is one). */
export { charCount } from '@byeol/contract';

/** A VIP rank as shown: 1 is the 회장 (president), 2..VIP_COUNT their number; anything else none. */
export function vipTitle(rank: number | null | undefined): 'president' | 'rank' | null {
  if (rank === null || rank === undefined || !Number.isInteger(rank) || rank < 1 || rank > VIP_COUNT) return null;
  return rank === 1 ? 'president' : 'rank';
}

/** The profile fields of SPEC §3 in the order the profile tab shows them. */
export const PROFILE_FIELDS = [
  'activity_name_ko',
  'activity_name_en',
  'debut_date',
  'agency',
  'intro',
  'operating_plan',
  'social_url',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The profile fields that have something to show (empty and blank ones are hidden). */
export function shownProfileFields(profile: ChannelProfile): ProfileField[] {
  return PROFILE_FIELDS.filter((field) => profile[field].trim() !== '');
}

/** A social link only when it is an http(s) URL (anything else is shown as text, never as a link). */
export function safeHref(url: string): string {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : '';
  } catch {
    return '';
  }
}

/** The followed BJs on air now, each with their broadcast (the home page's "live from BJs you follow"). */
export function liveFollows(items: readonly SubscribeItem[]): (SubscribeItem & { live: NonNullable<SubscribeItem['live']> })[] {
  return items.filter((item): item is SubscribeItem & { live: NonNullable<SubscribeItem['live']> } => item.live?.state === 'live');
}
