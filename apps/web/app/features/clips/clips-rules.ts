import { CLIP_KINDS, CLIP_LIMITS, type ClipItem, type ClipKind, type Lang, type SiteInfo, termLangOf } from '@byeol/contract';
import type { ShortOrder } from '../../lib/links';

/**
 * The clips' rules the pages share (issue 22, packages/contract/src/clips.ts): the clip editor's window and
 * its two handles, the paths of the feed, the tabs of /mypage/short and the upload's size check.
 */

/** `?order=` of /sub/short (recent unless it says popular). */
export const shortOrderOf = (value: string | null | undefined): ShortOrder => (value === 'popular' ? 'popular' : 'recent');

/** The tabs of /mypage/short: everything, the clips made from lives, the uploaded shorts. */
export type MyClipTab = 'all' | ClipKind;
export const myClipTabOf = (value: string | null | undefined): MyClipTab =>
  (CLIP_KINDS as readonly string[]).includes(value ?? '') ? (value as ClipKind) : 'all';
export const myClipPath = (tab: MyClipTab) => (tab === 'all' ? '/mypage/short' : `/mypage/short?kind=${tab}`);

/** The editor's window around the press: from −min(85, available) to +5 seconds. */
export interface ClipWindow {
  min: number;
  max: number;
}

export function clipWindowOf(availableSec: number): ClipWindow {
  const before = Math.max(0, Math.min(CLIP_LIMITS.windowBeforeSec, Math.floor(availableSec)));
  return { min: -before, max: CLIP_LIMITS.windowAfterSec };
}

/** The kept part, seconds from the press. */
export interface ClipRange {
  from: number;
  to: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The default: the last 30 s ending at +5 (−25 … +5), shorter when less video is available. */
export function defaultRange(w: ClipWindow, seconds: number = CLIP_LIMITS.defaultSec): ClipRange {
  const to = w.max;
  return { from: Math.max(w.min, to - seconds), to };
}

/**
 * The start handle moved to `v`: it stays in the window and at least 5 s before the end; the end follows it
 * when the clip would pass 60 s (or come under 5 s with the start at its limit).
 */
export function moveFrom(r: ClipRange, v: number, w: ClipWindow): ClipRange {
  const from = clamp(Math.round(v), w.min, Math.max(w.min, w.max - CLIP_LIMITS.minSec));
  const to = clamp(r.to, Math.min(w.max, from + CLIP_LIMITS.minSec), Math.min(w.max, from + CLIP_LIMITS.maxSec));
  return { from, to };
}

/** The end handle moved to `v`: the mirror of {@link moveFrom}. */
export function moveTo(r: ClipRange, v: number, w: ClipWindow): ClipRange {
  const to = clamp(Math.round(v), Math.min(w.max, w.min + CLIP_LIMITS.minSec), w.max);
  const from = clamp(r.from, Math.max(w.min, to - CLIP_LIMITS.maxSec), Math.max(w.min, to - CLIP_LIMITS.minSec));
  return { from, to };
}

/** Whether the range is a clip the server makes (5–60 s inside the window). */
export function rangeOk(r: ClipRange, w: ClipWindow): boolean {
  const len = r.to - r.from;
  return r.from >= w.min && r.to <= w.max && len >= CLIP_LIMITS.minSec && len <= CLIP_LIMITS.maxSec;
}

/** A position in the window as a percentage of its width (for the timeline). */
export function percentOf(sec: number, w: ClipWindow): number {
  const span = w.max - w.min;
  return span <= 0 ? 0 : ((sec - w.min) / span) * 100;
}

/** "−25s", "0s", "+5s": a second relative to the press. */
export function signedSec(sec: number): string {
  if (sec === 0) return '0s';
  return sec > 0 ? `+${sec}s` : `−${Math.abs(sec)}s`;
}

/** The number of characters as the server counts them (code points). */
export { charCount } from '@byeol/contract';

/** The upload's size check before sending (the server checks again, and the content, with ffprobe). */
export const tooLarge = (size: number) => size > CLIP_LIMITS.shortMaxBytes;
export const SHORT_MAX_MB = Math.round(CLIP_LIMITS.shortMaxBytes / (1024 * 1024));

/** A clip whose state is still processing is refreshed until it is ready or failed. */
export const isProcessing = (item: Pick<ClipItem, 'state'>) => item.state === 'processing';

/** Rows with `next`'s rows after them, a row shown already not twice. */
export function appendClips(shown: readonly ClipItem[], next: readonly ClipItem[]): ClipItem[] {
  const seen = new Set(shown.map((c) => c.clip_key));
  return [...shown, ...next.filter((c) => !seen.has(c.clip_key))];
}

/** The feed's rows with the clip it opens with first (once). */
export function withFocusFirst(rows: readonly ClipItem[], focus: ClipItem | null): ClipItem[] {
  if (!focus) return [...rows];
  return [focus, ...rows.filter((c) => c.clip_key !== focus.clip_key)];
}

/** The site's word for a clip (site term sti_clip_name in `lang`), '' when the operator left it empty. */
export function clipTermOf(site: SiteInfo | undefined, lang: Lang): string {
  return site?.site_term_list.find((term) => term.sti_lang_cd === termLangOf(lang))?.sti_clip_name.trim() ?? '';
}

/** A BJ account (the web shows it the upload form and the clipping switch; the server checks again). */
export const isBjAccount = (user: { type_cd: string; role: string } | null): boolean =>
  user !== null && (user.type_cd === 'bj' || user.role === 'bj');
