import { ADMIN_AUDIT_ACTIONS, type AdminAuditTarget, SANCTION_LIMITS } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_KINDS,
  canHideTarget,
  defaultEffectiveDate,
  isLabelledAction,
  isLabelledTargetKind,
  moderationActionsFor,
  noticeDaysOf,
  POST_FILTERS,
  parseNoticeDays,
  pick,
  QNA_FILTERS,
  REPORT_FILTERS,
  RESTRICT_DAYS_MAX,
  reportTargetSn,
  restrictHours,
} from './community-rules';

describe('list filters', () => {
  it('reads a filter from the URL, anything else is the list default', () => {
    expect(pick(REPORT_FILTERS, 'complete')).toBe('complete');
    expect(pick(REPORT_FILTERS, null)).toBe('open');
    expect(pick(REPORT_FILTERS, 'deleted')).toBe('open');
    expect(pick(QNA_FILTERS, '')).toBe('waiting');
    expect(pick(POST_FILTERS, 'hidden')).toBe('hidden');
    expect(pick(POST_FILTERS, 'HIDDEN')).toBe('all');
  });
});

describe('moderation', () => {
  it('offers hide and delete for a visible post, restore and delete for a hidden one, nothing for a deleted one', () => {
    expect(moderationActionsFor('visible')).toEqual(['hide', 'delete']);
    expect(moderationActionsFor('hidden')).toEqual(['restore', 'delete']);
    expect(moderationActionsFor('deleted')).toEqual([]);
  });

  it('turns whole days into the sanction hours, within the sanction limits', () => {
    expect(restrictHours('3')).toBe(72);
    expect(restrictHours(' 1 ')).toBe(24);
    expect(restrictHours(String(RESTRICT_DAYS_MAX))).toBeLessThanOrEqual(SANCTION_LIMITS.hoursMax);
    for (const bad of ['', '0', '-1', '1.5', 'abc', String(RESTRICT_DAYS_MAX + 1)]) expect(restrictHours(bad)).toBeNull();
  });

  it('hides the target of an open report about a post or a comment only', () => {
    expect(canHideTarget({ target_type: 'post', state: 'received' })).toBe(true);
    expect(canHideTarget({ target_type: 'reply', state: 'in_progress' })).toBe(true);
    expect(canHideTarget({ target_type: 'post', state: 'complete' })).toBe(false);
    expect(canHideTarget({ target_type: 'member', state: 'received' })).toBe(false);
    expect(reportTargetSn({ target_type: 'post', target_key: '42' })).toBe(42);
    expect(reportTargetSn({ target_type: 'chat', target_key: '42' })).toBeNull();
    expect(reportTargetSn({ target_type: 'reply', target_key: 'x1' })).toBeNull();
  });
});

describe('policy effective date', () => {
  it('defaults to the notice days after today in KST', () => {
    const at = Date.UTC(2026, 10, 22, 15, 5); // 2026-11-23 00:05 KST
    expect(defaultEffectiveDate(at)).toBe('2026-11-30');
    expect(defaultEffectiveDate(at, 8)).toBe('2026-12-01');
    expect(defaultEffectiveDate(at, noticeDaysOf(14))).toBe('2026-12-07');
  });

  it("takes the site info's notice days, the contract default when missing", () => {
    expect(noticeDaysOf(30)).toBe(30);
    expect(noticeDaysOf(undefined)).toBe(7);
    expect(noticeDaysOf('30')).toBe(7);
  });

  it('accepts whole days from 7 to 90 for the notice period, the contract refusal otherwise', () => {
    expect(parseNoticeDays(' 7 ')).toEqual({ days: 7 });
    expect(parseNoticeDays('90')).toEqual({ days: 90 });
    for (const bad of ['6', '91', '0', '', '7.5', '-8', 'abc', '1e2']) {
      expect(parseNoticeDays(bad), bad).toEqual({ refusal: 'POLICY_NOTICE_DAYS_RANGE' });
    }
  });
});

describe('audit labels', () => {
  it('labels every action the contract lists, and every community action', () => {
    for (const a of ADMIN_AUDIT_ACTIONS) expect(AUDIT_ACTIONS).toContain(a);
    expect(AUDIT_ACTIONS.filter((a) => !isLabelledAction(a))).toEqual([]);
  });

  it('labels every target kind the server names', () => {
    const kinds: AdminAuditTarget['kind'][] = [
      'order',
      'product',
      'member',
      'item',
      'post',
      'reply',
      'report',
      'qna',
      'notice',
      'faq',
      'policy',
    ];
    expect(kinds.filter((k) => !isLabelledTargetKind(k))).toEqual([]);
    expect(AUDIT_TARGET_KINDS).toEqual(expect.arrayContaining(kinds));
  });
});
