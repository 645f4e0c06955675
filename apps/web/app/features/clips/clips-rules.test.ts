import type { ClipItem } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { shortPath } from '../../lib/links';
import {
  clipWindowOf,
  defaultRange,
  isBjAccount,
  moveFrom,
  moveTo,
  myClipTabOf,
  percentOf,
  rangeOk,
  shortOrderOf,
  signedSec,
  tooLarge,
  withFocusFirst,
} from './clips-rules';

const clip = (key: string) => ({ clip_key: key }) as ClipItem;

describe('the clip editor window', () => {
  it('runs from −min(85, available) to +5 s', () => {
    expect(clipWindowOf(200)).toEqual({ min: -85, max: 5 });
    expect(clipWindowOf(20.7)).toEqual({ min: -20, max: 5 });
    expect(clipWindowOf(0)).toEqual({ min: -0, max: 5 });
  });

  it('starts with the last 30 s ending at +5, shorter when less is available', () => {
    expect(defaultRange(clipWindowOf(85))).toEqual({ from: -25, to: 5 });
    expect(defaultRange(clipWindowOf(12))).toEqual({ from: -12, to: 5 });
    expect(defaultRange(clipWindowOf(85), 10)).toEqual({ from: -5, to: 5 });
    expect(rangeOk(defaultRange(clipWindowOf(85)), clipWindowOf(85))).toBe(true);
  });

  it('keeps 5–60 s between the handles, the other handle following', () => {
    const w = clipWindowOf(85);
    const r = defaultRange(w);
    // Start pushed past the end: stops 5 s before it.
    expect(moveFrom(r, 3, w)).toEqual({ from: 0, to: 5 });
    // Start pulled back to −85: the end follows so the clip stays 60 s.
    expect(moveFrom(r, -85, w)).toEqual({ from: -85, to: -25 });
    // End pulled before the start: stops 5 s after it… or pushes the start back.
    expect(moveTo(r, -40, w)).toEqual({ from: -45, to: -40 });
    expect(moveTo({ from: -85, to: -25 }, 5, w)).toEqual({ from: -55, to: 5 });
    // Out of the window: clamped.
    expect(moveTo(r, 50, w)).toEqual({ from: -25, to: 5 });
    expect(moveFrom(r, -200, w)).toEqual({ from: -85, to: -25 });
    for (const v of [-90, -60, -30, -1, 0, 4, 9]) {
      expect(rangeOk(moveFrom(r, v, w), w)).toBe(true);
      expect(rangeOk(moveTo(r, v, w), w)).toBe(true);
    }
  });

  it('places seconds on the timeline and names them', () => {
    const w = clipWindowOf(85);
    expect(percentOf(-85, w)).toBe(0);
    expect(percentOf(5, w)).toBe(100);
    expect(percentOf(0, w)).toBeCloseTo(94.44, 1);
    expect([signedSec(-25), signedSec(0), signedSec(5)]).toEqual(['−25s', '0s', '+5s']);
  });
});

describe('paths and tabs', () => {
  it('builds /sub/short with an order and a clip', () => {
    expect(shortPath()).toBe('/sub/short');
    expect(shortPath({ clip: 'abc' })).toBe('/sub/short?clip=abc');
    expect(shortPath({ order: 'popular' })).toBe('/sub/short?order=popular');
    expect(shortPath({ order: 'recent', clip: 'a b' })).toBe('/sub/short?clip=a+b');
  });

  it('reads ?order= and ?kind=', () => {
    expect(shortOrderOf('popular')).toBe('popular');
    expect(shortOrderOf('x')).toBe('recent');
    expect(shortOrderOf(null)).toBe('recent');
    expect(myClipTabOf('short')).toBe('short');
    expect(myClipTabOf('clip')).toBe('clip');
    expect(myClipTabOf('all')).toBe('all');
    expect(myClipTabOf('bogus')).toBe('all');
  });

  it('puts the clip the feed opens with first, once', () => {
    const rows = [clip('a'), clip('b'), clip('c')];
    expect(withFocusFirst(rows, null).map((c) => c.clip_key)).toEqual(['a', 'b', 'c']);
    expect(withFocusFirst(rows, clip('b')).map((c) => c.clip_key)).toEqual(['b', 'a', 'c']);
    expect(withFocusFirst(rows, clip('z')).map((c) => c.clip_key)).toEqual(['z', 'a', 'b', 'c']);
  });
});

describe('accounts and uploads', () => {
  it('knows a BJ account', () => {
    expect(isBjAccount(null)).toBe(false);
    expect(isBjAccount({ type_cd: 'user', role: 'user' })).toBe(false);
    expect(isBjAccount({ type_cd: 'bj', role: 'user' })).toBe(true);
    expect(isBjAccount({ type_cd: 'user', role: 'bj' })).toBe(true);
  });

  it('refuses a file over 200 MB before sending', () => {
    expect(tooLarge(200 * 1024 * 1024)).toBe(false);
    expect(tooLarge(200 * 1024 * 1024 + 1)).toBe(true);
  });
});
