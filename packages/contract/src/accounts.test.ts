import { describe, expect, it } from 'vitest';
import { IdSchema, LANGS, NickSchema, PASSWORD_RULES, PhoneSchema, passwordRuleMessages, passwordViolations } from './index.js';

describe('password rule (SPEC §5, newer rule)', () => {
  it.each([
    ['Byeol!2026', 'fan01'],
    ['Star#Light9', 'fan01'],
    ['k-pop*Live7', 'fan01'],
    ['ABCxyz!!9', 'fan01'], // "abc" is only 3 in a row
    ['starLIGHT2026', 'fan01'], // upper, lower, digits: 3 kinds
    ['밤하늘별빛!a1', 'fan01'], // other scripts count as special characters
    ['Zz9!Zz9!Zz9!Zz9!Zz9!', 'fan01'], // exactly 20
  ])('accepts %j', (password, id) => {
    expect(passwordViolations(password, id)).toEqual([]);
  });

  it.each([
    ['Ab1!xyz', ['length']], // 7 characters
    ['Ab1!Ab1!Ab1!Ab1!Ab1!x', ['length']], // 21 characters
    ['starlight2026', ['kinds']], // lower + digits only
    ['STARLIGHT!!!?', ['kinds', 'repeat']],
    ['Byeol!!!2026', ['repeat']],
    ['Byeolaaa!26', ['repeat']],
    ['Byeol!1234x', ['sequence']],
    ['Byeol!4321x', ['sequence']],
    ['Qwer!byeol9', ['sequence']], // keyboard row, any case
    ['Byeol!asdf9', ['sequence']],
    ['Byeol!fdsa9', ['sequence']], // backwards
    ['Byeol!abcd9', ['sequence']],
    ['Byeol 2026!', ['space']],
    ['Byeol\t2026!', ['space']],
  ])('refuses %j for %j', (password, rules) => {
    expect(passwordViolations(password, 'fan01')).toEqual(rules);
  });

  it('refuses the ID as password, in any case', () => {
    expect(passwordViolations('Fan01!Byeol', 'fan01!byeol')).toEqual(['same_as_id']);
    expect(passwordViolations('Fan01!Byeol', 'other')).toEqual([]);
  });

  it('has a message for every rule and the confirmation, in every language', () => {
    for (const rule of [...PASSWORD_RULES, 'confirm' as const]) {
      for (const lang of LANGS) expect(passwordRuleMessages[rule][lang], `${rule}/${lang}`).not.toBe('');
    }
  });
});

describe('ID, nickname and phone fields', () => {
  it.each([
    ['fan01', true],
    ['FAN', false],
    ['a'.repeat(21), false],
    ['fan_01', false],
    ['팬01', false],
    [' fan01 ', true],
  ])('ID %j valid: %s', (id, ok) => {
    expect(IdSchema.safeParse(id).success).toBe(ok);
  });
  it.each([
    ['별빛팬', true],
    ['Star.fan_1', true],
    ['a', false],
    ['별'.repeat(13), false],
    ['fan fan', false],
    ['fan<script>', false],
  ])('nickname %j valid: %s', (nick, ok) => {
    expect(NickSchema.safeParse(nick).success).toBe(ok);
  });
  it('drops hyphens and spaces from phone numbers', () => {
    expect(PhoneSchema.parse('010-1234-5678')).toBe('01012345678');
    expect(PhoneSchema.safeParse('010-12ab-5678').success).toBe(false);
  });
});
