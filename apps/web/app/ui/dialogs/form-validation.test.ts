import { describe, expect, it } from 'vitest';
import { dialog } from '../../i18n/resources/dialog';
import { type FormField, initialValues, submittedValues, validateField, validateForm } from './form-validation';

const fields: FormField[] = [
  { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 10 },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'site', label: 'Site', type: 'url' },
  { name: 'content', label: 'Content', type: 'textarea', defaultValue: 'hello' },
];

describe('form validation', () => {
  it('flags blank required fields', () => {
    expect(validateField(fields[0] as FormField, '')).toEqual({ key: 'validation.required' });
    expect(validateField(fields[0] as FormField, '   ')).toEqual({ key: 'validation.required' });
    expect(validateField(fields[0] as FormField, '별')).toBeNull();
  });

  it('flags too long values with the limit', () => {
    expect(validateField(fields[0] as FormField, '01234567890')).toEqual({ key: 'validation.maxLength', max: 10 });
    expect(validateField(fields[0] as FormField, '0123456789')).toBeNull();
  });

  it('uses the contract validators for email (TLD 2–24) and url (http/https)', () => {
    const email = fields[1] as FormField;
    expect(validateField(email, 'fan@byeol.kr')).toBeNull();
    expect(validateField(email, '  fan@byeol.kr ')).toBeNull();
    expect(validateField(email, 'fan@byeol')).toEqual({ key: 'validation.email' });
    expect(validateField(email, 'fan@byeol.k')).toEqual({ key: 'validation.email' });
    expect(validateField(email, `fan@byeol.${'a'.repeat(25)}`)).toEqual({ key: 'validation.email' });
    const url = fields[2] as FormField;
    expect(validateField(url, 'https://byeol.example/channel/bj/1')).toBeNull();
    expect(validateField(url, 'byeol.example')).toEqual({ key: 'validation.url' });
    expect(validateField(url, 'javascript:alert(1)')).toEqual({ key: 'validation.url' });
  });

  it('accepts an empty optional field', () => {
    expect(validateField(fields[2] as FormField, '')).toBeNull();
  });

  it('collects errors by field name', () => {
    expect(validateForm(fields, { title: '', email: 'nope', site: 'https://ok.example', content: '' })).toEqual({
      title: { key: 'validation.required' },
      email: { key: 'validation.email' },
    });
    expect(validateForm(fields, { title: 'ok', email: 'a@b.co' })).toEqual({});
  });

  it('starts from defaults and returns every field, email and url trimmed, text as typed', () => {
    expect(initialValues(fields)).toEqual({ title: '', email: '', site: '', content: 'hello' });
    expect(submittedValues(fields, { title: ' 제목 ', email: ' a@b.co ', site: ' https://x.example ' })).toEqual({
      title: ' 제목 ',
      email: 'a@b.co',
      site: 'https://x.example',
      content: '',
    });
  });

  it('has a text for every error key, in every language (SPEC §5 English messages)', () => {
    for (const texts of Object.values(dialog)) {
      for (const key of ['required', 'email', 'url', 'maxLength'] as const) expect(texts.validation[key]).not.toBe('');
    }
    expect(dialog.en.validation.email).toBe('Invalid email address');
    expect(dialog.en.validation.url).toBe('Invalid URL');
    expect(dialog.ko.button).toMatchObject({ confirm: '확인', cancel: '취소', yes: '예', no: '아니오' });
  });
});
