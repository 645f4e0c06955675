import { describe, expect, it } from 'vitest';
import { APPLICATION_FIELDS, APPLICATION_FORM, APPLICATION_KINDS, APPLICATION_STATES, canMoveApplication, isBusinessNo } from './index.js';

describe('business registration number', () => {
  it.each(['124-81-00998', '1248100998', '220-81-62517'])('accepts %s (check digit right)', (value) => {
    expect(isBusinessNo(value)).toBe(true);
  });
  it.each(['124-81-00999', '124810099', '12-481-00998', '124-81-0099a', '', '124 81 00998'])('refuses %j', (value) => {
    expect(isBusinessNo(value)).toBe(false);
  });
});

describe('application states', () => {
  it('moves forward (skipping allowed) or to rejected while open; complete and rejected are final', () => {
    expect(canMoveApplication('received', 'waiting')).toBe(true);
    expect(canMoveApplication('received', 'complete')).toBe(true);
    expect(canMoveApplication('in_progress', 'complete')).toBe(true);
    expect(canMoveApplication('waiting', 'rejected')).toBe(true);
    expect(canMoveApplication('waiting', 'received')).toBe(false);
    expect(canMoveApplication('waiting', 'waiting')).toBe(false);
    for (const to of APPLICATION_STATES) {
      expect(canMoveApplication('complete', to)).toBe(false);
      expect(canMoveApplication('rejected', to)).toBe(false);
    }
  });
});

describe('application forms', () => {
  it('asks every kind for names, an intro; K-star and program for the company, its number and representative', () => {
    for (const kind of APPLICATION_KINDS) {
      const { required, optional } = APPLICATION_FORM[kind];
      expect(required).toEqual(expect.arrayContaining(['activity_name_ko', 'activity_name_en', 'intro']));
      expect(required.filter((f) => optional.includes(f))).toEqual([]);
      for (const f of [...required, ...optional]) expect(APPLICATION_FIELDS).toContain(f);
    }
    for (const kind of ['kstar', 'program'] as const) {
      expect(APPLICATION_FORM[kind].required).toEqual(expect.arrayContaining(['company_name', 'business_no', 'representative']));
    }
  });
});
