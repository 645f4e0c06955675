import { CS_LIMITS } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { policyPath, policyVersionPath, reportFormPath, serviceGuidePath, versionPathOf } from '../../lib/cs-links';
import { qnaRefusals, targetKeyRefusal } from './cs-form-rules';
import { faqCategoryOf, faqKeywordOf, isBarePath, pageOf, pagesAround, reportQuoteOf, reportTargetOf } from './cs-rules';

describe('customer centre rules', () => {
  it('reads ?page= as a whole number from 1', () => {
    expect(pageOf('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'x', '99999']) expect(pageOf(bad)).toBe(1);
  });

  it('numbers at most five pages around the current one', () => {
    expect(pagesAround(1, 0)).toEqual({ pages: [1], last: 1 });
    expect(pagesAround(1, 45)).toEqual({ pages: [1, 2, 3], last: 3 });
    expect(pagesAround(6, 200)).toEqual({ pages: [4, 5, 6, 7, 8], last: 10 });
    expect(pagesAround(10, 200)).toEqual({ pages: [6, 7, 8, 9, 10], last: 10 });
  });

  it('keeps only known FAQ categories, report targets and a keyword the server accepts', () => {
    expect(faqCategoryOf('payment')).toBe('payment');
    expect(faqCategoryOf('nope')).toBeUndefined();
    expect(faqKeywordOf(`  ${'가'.repeat(60)} `)).toHaveLength(50);
    expect(reportTargetOf('member')).toBe('member');
    expect(reportTargetOf('user')).toBeNull();
  });

  it("reads a chat report's quote trimmed and cut to the contract's length, in characters", () => {
    expect(reportQuoteOf('  욕설 채팅 <b>굵게</b> ')).toBe('욕설 채팅 <b>굵게</b>');
    expect(reportQuoteOf(null)).toBe('');
    const long = reportQuoteOf('😀'.repeat(CS_LIMITS.quoteMax + 20));
    expect([...long]).toHaveLength(CS_LIMITS.quoteMax);
  });

  it("refuses a question's fields with the contract's codes", () => {
    expect(qnaRefusals({ category: '', title: ' ', content: '' })).toEqual({
      category: 'QNA_CATEGORY_REQUIRED',
      title: 'BOARD_TITLE_REQUIRED',
      content: 'BOARD_CONTENT_REQUIRED',
    });
    expect(qnaRefusals({ category: 'bug', title: 'x'.repeat(101), content: 'y'.repeat(5001) })).toEqual({
      title: 'BOARD_TITLE_LENGTH',
      content: 'QNA_CONTENT_LENGTH',
    });
    expect(qnaRefusals({ category: 'bug', title: '로그인 오류', content: '앱에서 로그인이 안 됩니다.' })).toEqual({});
  });

  it("refuses a report's missing or malformed target", () => {
    expect(targetKeyRefusal('  ')).toBe('target_required');
    expect(targetKeyRefusal('a b')).toBe('target_invalid');
    expect(targetKeyRefusal('star_01')).toBeNull();
  });

  it('builds the policy and report paths', () => {
    expect(policyPath(2)).toBe('/sub/policy/2');
    expect(policyVersionPath(2, 3)).toBe('/sub/policy/2/old/3');
    expect(serviceGuidePath(4)).toBe('/sub/terms/4');
    expect(versionPathOf('service', 4, 2)).toBe('/sub/terms/4?ver=2');
    expect(versionPathOf('policy', 1, 2)).toBe('/sub/policy/1/old/2');
    expect(reportFormPath({ type: 'member', key: 'star01' })).toBe('/cs/report/form?target_type=member&target_key=star01');
    const chat = new URL(reportFormPath({ type: 'chat', key: 'star01', quote: '바보 & 멍청이?' }), 'http://x');
    expect([...chat.searchParams]).toEqual([
      ['target_type', 'chat'],
      ['target_key', 'star01'],
      ['quote', '바보 & 멍청이?'],
    ]);
    // Only a chat report quotes.
    expect(reportFormPath({ type: 'member', key: 'star01', quote: '무시' })).not.toContain('quote');
  });

  it('never asks for consent on OBS overlays and popups', () => {
    expect(isBarePath('/play/abc/effects')).toBe(true);
    expect(isBarePath('/vod/abc/effects/full')).toBe(true);
    expect(isBarePath('/popup/form_bankbook')).toBe(true);
    expect(isBarePath('/play/abc')).toBe(false);
    expect(isBarePath('/cs/notice')).toBe(false);
  });
});
