import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

export const inputClass =
  'min-h-11 w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-neutral-900 placeholder:text-neutral-400 focus-visible:outline-2 focus-visible:outline-brand aria-[invalid=true]:border-red-500 disabled:bg-neutral-100';
export const primaryButton =
  'min-h-11 rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50';
export const secondaryButton =
  'min-h-11 shrink-0 rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm font-semibold text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50';

/** Messages under a field: the server's or the form's errors (announced), then a success note or a hint. */
export function FieldMessages({
  id,
  errors,
  success,
  hint,
}: {
  id: string;
  errors?: readonly string[];
  success?: ReactNode;
  hint?: ReactNode;
}) {
  const list = [...new Set((errors ?? []).filter(Boolean))];
  return (
    <div id={`${id}-msg`} className="mt-1 space-y-0.5 text-sm" aria-live="polite">
      {list.length > 0 ? (
        <ul className="space-y-0.5 text-red-600" data-field-errors={id}>
          {list.map((message) => (
            <li key={message} role="alert">
              {message}
            </li>
          ))}
        </ul>
      ) : success ? (
        <p className="text-emerald-700">{success}</p>
      ) : hint ? (
        <p className="text-neutral-500">{hint}</p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  errors?: readonly string[];
  success?: ReactNode;
  hint?: ReactNode;
  /** A button beside the input (e.g. the duplicate check). */
  action?: ReactNode;
}

/**
 * A labelled input with its messages linked through aria-describedby. A required input is marked with a red
 * `*` beside its label (outside the label, so the field's name stays the label) and `aria-required`.
 */
export function TextField({ id, label, errors, success, hint, action, className, ...input }: TextFieldProps) {
  const invalid = (errors ?? []).some(Boolean);
  return (
    <div className={className}>
      <div className="mb-1 flex items-baseline gap-0.5">
        <label htmlFor={id} className="block text-sm font-semibold text-neutral-800">
          {label}
        </label>
        {input.required && (
          <span aria-hidden="true" className="text-sm font-semibold text-red-600" data-required-mark>
            *
          </span>
        )}
      </div>
      <div className="flex gap-2">
        <input
          id={id}
          className={inputClass}
          aria-invalid={invalid}
          aria-describedby={`${id}-msg`}
          aria-required={input.required || undefined}
          {...input}
        />
        {action}
      </div>
      <FieldMessages id={id} errors={errors} success={success} hint={hint} />
    </div>
  );
}

/** A form-level message (not tied to one field). */
export function FormError({ message, children }: { message?: string; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      <p>{message}</p>
      {children}
    </div>
  );
}

/** The duplicate-check button beside an ID or nickname field (SPEC §5: the check is required). */
export function CheckButton({ field, busy, disabled, onClick }: { field: string; busy: boolean; disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation('account');
  return (
    <button type="button" className={secondaryButton} aria-label={`${field} ${t('join.form.check')}`} disabled={disabled} onClick={onClick}>
      {busy ? t('join.form.checking') : t('join.form.check')}
    </button>
  );
}
