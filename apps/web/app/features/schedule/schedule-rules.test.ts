import { EDITORIAL_LIMITS, resultMessage } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  byDay,
  daysOf,
  fieldOfRefusal,
  isCurrent,
  isDay,
  kstDay,
  kstInstant,
  kstTime,
  monthGrid,
  rangeOf,
  schedulePath,
  scheduleQueryOf,
  shifted,
  slotEndTime,
  slotRefusalMessage,
  slotRefusals,
  startInputsOf,
  switched,
} from './schedule-rules';

const q = (s: string) => new URLSearchParams(s);

describe('KST days', () => {
  it('reads the KST day and time of an instant whatever the zone', () => {
    // 2026-06-02 15:30 UTC is 2026-06-03 00:30 in Seoul.
    expect(kstDay('2026-06-02T15:30:00Z')).toBe('2026-06-03');
    expect(kstTime('2026-06-02T15:30:00Z')).toBe('00:30');
    expect(kstDay('2026-06-02T14:59:00Z')).toBe('2026-06-02');
    expect(kstTime('2026-06-02T14:59:00Z')).toBe('23:59');
    expect(slotEndTime({ start_date: '2026-06-02T14:30:00Z', duration_min: 120 })).toBe('01:30');
    expect(startInputsOf('2026-06-02T14:30:00Z')).toEqual({ date: '2026-06-02', time: '23:30' });
  });

  it('does day arithmetic across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-01', -1)).toBe('2025-12-01');
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('20260601')).toBe(false);
  });

  it('builds a month calendar from the Monday on or before the 1st, 35 or 42 days', () => {
    // June 2026 starts on a Monday.
    expect(monthGrid('2026-06-01')).toEqual({ from: '2026-06-01', days: 35 });
    // August 2026 starts on a Saturday and has 31 days: 6 weeks.
    expect(monthGrid('2026-08-01')).toEqual({ from: '2026-07-27', days: 42 });
    // February 2027 starts on a Monday and fits 4 weeks: still 5 shown.
    expect(monthGrid('2027-02-01')).toEqual({ from: '2027-02-01', days: 35 });
    const days = daysOf(monthGrid('2026-08-01'));
    expect(days).toHaveLength(42);
    expect(days.at(-1)).toBe('2026-09-06');
  });
});

describe('the URL of /sub/schedule', () => {
  const today = '2026-06-10';

  it('defaults to this week from today, every kind', () => {
    const query = scheduleQueryOf(q(''), today);
    expect(query).toEqual({ view: 'week', from: today, kind: 'all' });
    expect(rangeOf(query)).toEqual({ from: today, days: 7 });
    expect(schedulePath(query, today)).toBe('/sub/schedule');
    expect(isCurrent(query, today)).toBe(true);
  });

  it('reads the month view from any day of the month, and ignores what is no date or kind', () => {
    const month = scheduleQueryOf(q('view=month&from=2026-08-17&kind=enter'), today);
    expect(month).toEqual({ view: 'month', from: '2026-08-01', kind: 'enter' });
    expect(rangeOf(month)).toEqual({ from: '2026-07-27', days: 42 });
    expect(schedulePath(month, today)).toBe('/sub/schedule?view=month&from=2026-08-01&kind=enter');
    expect(scheduleQueryOf(q('from=2026-02-31&kind=nope&view=year'), today)).toEqual({ view: 'week', from: today, kind: 'all' });
  });

  it('moves by weeks and months, and switches views around the same days', () => {
    const week = scheduleQueryOf(q(''), today);
    expect(schedulePath(shifted(week, 1), today)).toBe('/sub/schedule?from=2026-06-17');
    expect(schedulePath(shifted(week, -1), today)).toBe('/sub/schedule?from=2026-06-03');
    const month = switched(week, 'month', today);
    expect(month.from).toBe('2026-06-01');
    expect(schedulePath(month, today)).toBe('/sub/schedule?view=month');
    expect(schedulePath(shifted(month, 1), today)).toBe('/sub/schedule?view=month&from=2026-07-01');
    // Back to the week: from today in this month, from the 1st in another.
    expect(switched(month, 'week', today).from).toBe(today);
    expect(switched(shifted(month, 1), 'week', today).from).toBe('2026-07-01');
  });
});

describe('the planning form', () => {
  const now = Date.parse('2026-06-10T03:00:00Z'); // 12:00 KST

  it('takes a KST date and time as that instant', () => {
    expect(kstInstant('2026-06-10', '23:30')).toBe(Date.parse('2026-06-10T14:30:00Z'));
    expect(kstInstant('2026-06-10', '24:00')).toBeNull();
    expect(kstInstant('', '10:00')).toBeNull();
  });

  it('refuses before sending what the server would refuse, under the right field', () => {
    expect(slotRefusals({ title: '새 방송', date: '2026-06-11', time: '23:30', duration: 120 }, now)).toBeNull();
    expect(slotRefusals({ title: '  ', date: '2026-06-10', time: '11:00', duration: 5 }, now)).toEqual({
      title: 'SCHEDULE_TITLE_REQUIRED',
      start: 'SCHEDULE_IN_PAST',
      duration: 'DURATION',
    });
    const long = '가'.repeat(EDITORIAL_LIMITS.scheduleTitleMax + 1);
    expect(slotRefusals({ title: long, date: '', time: '', duration: 60 }, now)).toEqual({
      title: 'SCHEDULE_TITLE_LENGTH',
      start: 'SCHEDULE_DATE_INVALID',
    });
    expect(slotRefusalMessage('SCHEDULE_TITLE_LENGTH', 'ko')).toBe(
      resultMessage('SCHEDULE_TITLE_LENGTH', 'ko', { max: EDITORIAL_LIMITS.scheduleTitleMax }),
    );
    expect(slotRefusalMessage('SCHEDULE_TITLE_LENGTH', 'ko')).toContain(String(EDITORIAL_LIMITS.scheduleTitleMax));
  });

  it('puts every SCHEDULE_* refusal of the server under its field', () => {
    expect(fieldOfRefusal('SCHEDULE_OVERLAP', 'start')).toBe('start');
    expect(fieldOfRefusal('SCHEDULE_IN_PAST', undefined)).toBe('start');
    expect(fieldOfRefusal('SCHEDULE_DATE_INVALID', 'start')).toBe('start');
    expect(fieldOfRefusal('SCHEDULE_TITLE_REQUIRED', 'title')).toBe('title');
    expect(fieldOfRefusal('INVALID_INPUT', 'duration_min')).toBe('duration');
    expect(fieldOfRefusal('SCHEDULE_TOO_MANY', undefined)).toBe('');
  });
});

describe('grouping', () => {
  it('keeps the server order within each KST day', () => {
    const slot = (sn: number, day: string) => ({ schedule_sn: sn, day }) as unknown as Parameters<typeof byDay>[0][number];
    const groups = byDay([slot(3, '2026-06-11'), slot(1, '2026-06-11'), slot(2, '2026-06-12')]);
    expect([...groups.keys()]).toEqual(['2026-06-11', '2026-06-12']);
    expect(groups.get('2026-06-11')?.map((s) => s.schedule_sn)).toEqual([3, 1]);
  });
});
