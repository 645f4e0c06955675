import { describe, expect, it } from 'vitest';
import { ageOn, isAdult, koreanToday, maskName, needsGuardianConsent, normalizeName, PersonNameSchema, reachedAge } from './index.js';

describe('today in Korea (UTC+9)', () => {
  it('turns the date at 15:00 UTC', () => {
    expect(koreanToday(new Date('2025-03-01T14:59:59Z'))).toBe('2025-03-01');
    expect(koreanToday(new Date('2025-03-01T15:00:00Z'))).toBe('2025-03-02');
    expect(koreanToday(Date.parse('2024-12-31T15:00:00Z'))).toBe('2025-01-01');
  });
});

describe('adult by Korean law: born on or before today’s date 19 years ago', () => {
  it.each([
    ['2006-05-10', '2025-05-10', true], // the 19th birthday
    ['2006-05-11', '2025-05-10', false], // one day short
    ['2006-05-09', '2025-05-10', true],
    ['1950-01-01', '2025-05-10', true],
    ['2010-01-01', '2025-05-10', false],
    ['2006-12-31', '2025-12-31', true],
    ['2007-01-01', '2025-12-31', false],
  ])('born %s, on %s: %s', (birth, today, adult) => {
    expect(isAdult(birth, today)).toBe(adult);
  });

  it('counts someone born on 29 February as 19 on 1 March of a common year', () => {
    expect(isAdult('2004-02-29', '2023-02-28')).toBe(false);
    expect(isAdult('2004-02-29', '2023-03-01')).toBe(true);
    expect(isAdult('2005-02-28', '2024-02-29')).toBe(true);
    expect(isAdult('2005-03-01', '2024-02-29')).toBe(false);
  });

  it('uses Korea’s date at the turn of the day', () => {
    // 15:30 UTC on 9 May is already 10 May in Seoul: the 19th birthday.
    expect(isAdult('2006-05-10', koreanToday(new Date('2025-05-09T15:30:00Z')))).toBe(true);
    expect(isAdult('2006-05-10', koreanToday(new Date('2025-05-09T14:30:00Z')))).toBe(false);
  });
});

describe('guardian consent under 14', () => {
  it.each([
    ['2011-05-10', '2025-05-10', false], // 14 today
    ['2011-05-11', '2025-05-10', true],
    ['2013-01-01', '2025-05-10', true], // 12
    ['2000-01-01', '2025-05-10', false],
  ])('born %s, on %s: needs consent %s', (birth, today, needs) => {
    expect(needsGuardianConsent(birth, today)).toBe(needs);
  });
});

describe('full years (만 나이)', () => {
  it.each([
    ['2000-05-10', '2025-05-09', 24],
    ['2000-05-10', '2025-05-10', 25],
    ['2000-12-31', '2025-01-01', 24],
    ['2025-01-01', '2025-01-01', 0],
  ])('born %s, on %s: %i', (birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
    expect(reachedAge(birth, today, age)).toBe(true);
    expect(reachedAge(birth, today, age + 1)).toBe(false);
  });
});

describe('names', () => {
  it('compares names without outer or doubled spaces, in NFC, Latin case-insensitively', () => {
    expect(normalizeName(' 김  민수 ')).toBe('김 민수');
    expect(normalizeName('\u1100\u1161')).toBe(normalizeName('가'));
    expect(normalizeName('Kim MinSu')).toBe(normalizeName('kim minsu'));
    expect(normalizeName('김민수')).not.toBe(normalizeName('김민호'));
  });

  it('accepts names in any script and refuses markup and digits', () => {
    for (const ok of ['김민수', 'Kim Min-su', "O'Brien", '山田 太郎', 'Zoë']) expect(PersonNameSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', ' ', '<script>', '김민수1', '-김', 'x'.repeat(41)])
      expect(PersonNameSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('masks all but the first character', () => {
    expect(maskName('김민수')).toBe('김**');
    expect(maskName('김')).toBe('김*');
    expect(maskName('')).toBe('');
  });
});
