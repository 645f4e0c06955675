import { validateEmail, validateUrl } from '@byeol/contract';

/** One field of a form dialog. */
export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'url' | 'textarea';
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  defaultValue?: string;
  /** A hint under the field. */
  description?: string;
}

export interface FormOptions {
  title: string;
  fields: FormField[];
  /** Replaces the translated 확인. */
  submitLabel?: string;
  /** Replaces the translated 취소. */
  cancelLabel?: string;
  /** A line of text under the title. */
  message?: string;
}

export type FormValues = Record<string, string>;

/** A field's error as an i18n key of the `dialog` namespace, with its interpolation values. */
export type FieldError =
  | { key: 'validation.required' }
  | { key: 'validation.email' }
  | { key: 'validation.url' }
  | { key: 'validation.maxLength'; max: number };

/** Email and URL values are compared and returned without surrounding spaces; other text as typed. */
function effective(field: FormField, value: string): string {
  return field.type === 'email' || field.type === 'url' ? value.trim() : value;
}

/**
 * Checks one value: required (blank counts as empty), maximum length, then the SPEC §5 validators of
 * the contract package for email and url fields. An empty optional field is valid.
 */
export function validateField(field: FormField, raw: string): FieldError | null {
  const value = effective(field, raw);
  if (value.trim() === '') return field.required ? { key: 'validation.required' } : null;
  if (field.maxLength !== undefined && value.length > field.maxLength) return { key: 'validation.maxLength', max: field.maxLength };
  if (field.type === 'email' && validateEmail(value) !== null) return { key: 'validation.email' };
  if (field.type === 'url' && validateUrl(value) !== null) return { key: 'validation.url' };
  return null;
}

/** Errors by field name; empty when the form may be submitted. */
export function validateForm(fields: readonly FormField[], values: Readonly<FormValues>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const error = validateField(field, values[field.name] ?? '');
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** The values a form dialog starts with: each field's default or ''. */
export function initialValues(fields: readonly FormField[]): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, f.defaultValue ?? '']));
}

/** What the form dialog resolves: every field, email and url trimmed. */
export function submittedValues(fields: readonly FormField[], values: Readonly<FormValues>): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, effective(f, values[f.name] ?? '')]));
}
