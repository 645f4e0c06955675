import {
  type AdminMagazine,
  APPLICATION_FIELDS,
  APPLICATION_STATES,
  type ApplicationField,
  type ApplicationState,
  canMoveApplication,
  isUrl,
  MAGAZINE_STATES,
  SITE_SWITCHES,
  type SiteSwitch,
} from '@byeol/contract';
import { kstMinute } from './admin-rules';

/**
 * The editorial console's rules (docs/editorial.md): what state an article shows, the KST values of the
 * date inputs, the links the editor accepts, and which moves an application offers.
 */

/** The magazine list's filters: every state, or one of them. */
export const MAGAZINE_FILTERS = ['all', ...MAGAZINE_STATES] as const;
export type MagazineFilter = (typeof MAGAZINE_FILTERS)[number];

/** What the console shows of an article: its state, with a published one not yet live shown as scheduled. */
export type MagazineShownState = 'draft' | 'published' | 'scheduled' | 'hidden';
export function magazineShownState(article: Pick<AdminMagazine, 'state' | 'live_yn'>): MagazineShownState {
  if (article.state === 'published') return article.live_yn === 'Y' ? 'published' : 'scheduled';
  return article.state;
}

/** An ISO time as a `datetime-local` input holds it, read in KST: 'YYYY-MM-DDTHH:mm' ('' for no time). */
export function kstInputMinute(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : kstMinute(at).replace(' ', 'T');
}

/** An ISO time's KST day as a `date` input holds it ('' for no time). */
export const kstInputDay = (iso: string) => kstInputMinute(iso).slice(0, 10);

/** A link the editor may insert: an absolute http(s) URL, trimmed; null for anything else (javascript:, a path). */
export function safeLinkUrl(raw: string): string | null {
  const value = raw.trim();
  return isUrl(value) ? new URL(value).href : null;
}

/** The applications screen's filters, the open states first (the queue an operator works through). */
export const APPLICATION_FILTERS = ['received', 'waiting', 'in_progress', 'complete', 'rejected', 'all'] as const satisfies readonly (
  | ApplicationState
  | 'all'
)[];
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];

/** The states an operator may move an application in `from` to, in their order (rejection last). */
export const applicationMoves = (from: ApplicationState): ApplicationState[] =>
  APPLICATION_STATES.filter((to) => to !== from && canMoveApplication(from, to));

/** The filled fields of an application's form, in the form's order; links are the http(s) ones. */
export function applicationFormLines(
  form: Partial<Record<ApplicationField, string>>,
): { field: ApplicationField; value: string; link: boolean }[] {
  return APPLICATION_FIELDS.flatMap((field) => {
    const value = (form[field] ?? '').trim();
    if (!value) return [];
    return [{ field, value, link: (field === 'social_url' || field === 'video_url') && isUrl(value) }];
  });
}

/** The site switches in SPEC §1's order with their value in the site settings (anything but N is on). */
export function switchStates(settings: Partial<Record<string, unknown>> | null | undefined): { name: SiteSwitch; on: boolean }[] {
  return SITE_SWITCHES.map((name) => ({ name, on: settings?.[`${name}_yn`] !== 'N' }));
}
