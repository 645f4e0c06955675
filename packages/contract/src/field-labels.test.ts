import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_REFUSAL_PARAMS,
  FIELD_LABELS,
  fieldLabel,
  IdSchema,
  LANGS,
  NickSchema,
  REFUSAL_PARAMS,
  resultMessage,
  resultMessages,
  UNNAMED_FIELD_MESSAGES,
} from './index.js';

describe('field labels in messages (issue 15: never an API field name)', () => {
  it('names a refused field by its label in the caller language', () => {
    expect(resultMessage('INVALID_INPUT', 'ko', { field: 'id' })).toBe('입력값이 올바르지 않습니다: 아이디');
    expect(resultMessage('INVALID_INPUT', 'en', { field: 'id' })).toBe('Invalid value: ID');
    expect(resultMessage('INVALID_INPUT', 'ja', { field: 'id' })).toBe('入力値が正しくありません: ID');
    expect(resultMessage('INVALID_INPUT', 'zh-CN', { field: 'id' })).toBe('输入值不正确：账号');
    expect(resultMessage('REQUIRED', 'ko', { field: 'birth_date' })).toBe('필수 입력 항목입니다: 생년월일');
    expect(resultMessage('REQUIRED', 'en', { field: 'passwd' })).toBe('This field is required: Password');
    // An element of a list field takes the list's label.
    expect(resultMessage('INVALID_INPUT', 'en', { field: 'files.2' })).toBe('Invalid value: Attachments');
  });

  it('leaves a field without a label out instead of showing its API name', () => {
    for (const field of ['value', 'user_id', 'limit', 'body', 'paging.offset', '__proto__', 'constructor']) {
      for (const lang of LANGS) {
        const invalid = resultMessage('INVALID_INPUT', lang, { field });
        expect(invalid, `${field}/${lang}`).toBe(UNNAMED_FIELD_MESSAGES.INVALID_INPUT?.[lang]);
        expect(invalid).not.toContain(field);
        expect(resultMessage('REQUIRED', lang, { field })).toBe(UNNAMED_FIELD_MESSAGES.REQUIRED?.[lang]);
      }
    }
    // No field at all (a form's own check) reads the same.
    expect(resultMessage('REQUIRED', 'ko')).toBe('필수 입력 항목을 입력해 주세요.');
    expect(resultMessage('REQUIRED', 'en')).not.toContain('{field}');
  });

  it("takes a form's own label over the catalogue", () => {
    expect(resultMessage('INVALID_INPUT', 'ko', { field: 'debut_date', label: '데뷔 날짜' })).toBe('입력값이 올바르지 않습니다: 데뷔 날짜');
  });

  it('has every label in four languages, and an unnamed message for every code that names a field', () => {
    for (const [field, byLang] of Object.entries(FIELD_LABELS)) {
      for (const lang of LANGS) expect(byLang[lang], `${field}/${lang}`).toMatch(/\S/);
      expect(fieldLabel(field, 'ko')).toBe(byLang.ko);
    }
    for (const [name, byLang] of Object.entries(resultMessages)) {
      if (!Object.values(byLang).some((m) => m.includes('{field'))) continue;
      for (const lang of LANGS) expect(UNNAMED_FIELD_MESSAGES[name]?.[lang], `${name}/${lang}`).toMatch(/\S/);
    }
  });

  it('refuses an ID or a nickname with its own rule, in four languages', () => {
    for (const bad of ['ab', 'has space', 'bad!id', 'ㄱㄴㄷㄹ', 'a'.repeat(21)]) {
      expect(IdSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe('ID_RULE');
    }
    for (const bad of ['x', '<script>', 'a'.repeat(13)]) expect(NickSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe('NICK_RULE');
    expect(REFUSAL_PARAMS.ID_RULE).toEqual(ACCOUNT_REFUSAL_PARAMS.ID_RULE);
    expect(resultMessage('ID_RULE', 'ko', REFUSAL_PARAMS.ID_RULE)).toBe('아이디는 영문 또는 숫자 4~20자로 입력해 주세요.');
    expect(resultMessage('ID_RULE', 'en', REFUSAL_PARAMS.ID_RULE)).toBe('Use 4 to 20 letters or digits for the ID.');
    for (const lang of LANGS) {
      expect(resultMessage('ID_RULE', lang, REFUSAL_PARAMS.ID_RULE)).not.toMatch(/\{|value/);
      expect(resultMessage('NICK_RULE', lang, REFUSAL_PARAMS.NICK_RULE)).not.toMatch(/\{|value/);
    }
  });
});
