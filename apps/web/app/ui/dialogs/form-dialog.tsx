import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { DialogEntry } from './dialog-store';
import { returnFocusTo } from './focus';
import { type FieldError, type FormField, initialValues, submittedValues, validateField, validateForm } from './form-validation';
import { centeredPanelClass, overlayClass, primaryButtonClass, secondaryButtonClass } from './styles';

type FormEntry = Extract<DialogEntry, { kind: 'form' }>;

const inputClass =
  'block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-[15px] text-neutral-900 placeholder:text-neutral-400 focus:outline-2 focus:outline-offset-0 focus:outline-brand aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:outline-red-500';

/**
 * A form in a dialog. Errors appear under their field after a submit attempt and follow the typing
 * from then on; the values stay as typed. Resolves the values, or null on 취소/Escape.
 */
export function FormDialog({ entry }: { entry: FormEntry }) {
  const { t } = useTranslation('dialog');
  const id = useId();
  const { props } = entry;
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => initialValues(props.fields));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [submitted, setSubmitted] = useState(false);

  const message = (error: FieldError) => (error.key === 'validation.maxLength' ? t(error.key, { max: error.max }) : t(error.key));
  const fieldId = (field: FormField) => `${id}-${field.name}`;

  const change = (field: FormField, value: string) => {
    setValues((prev) => ({ ...prev, [field.name]: value }));
    if (submitted) {
      setErrors((prev) => {
        const next = { ...prev };
        const error = validateField(field, value);
        if (error) next[field.name] = error;
        else delete next[field.name];
        return next;
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateForm(props.fields, values);
    setErrors(found);
    const first = props.fields.find((f) => found[f.name]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
      return;
    }
    entry.close(submittedValues(props.fields, values));
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && entry.close(null)}>
      <Dialog.Overlay className={overlayClass} />
      <Dialog.Content
        className={`${centeredPanelClass} flex max-h-[90dvh] w-[min(92vw,28rem)] flex-col rounded-2xl`}
        aria-describedby={props.message ? `${id}-message` : undefined}
        onOpenAutoFocus={(event) => {
          const firstField = form.current?.querySelector<HTMLElement>('input, textarea');
          if (firstField) {
            event.preventDefault();
            firstField.focus();
          }
        }}
        onCloseAutoFocus={returnFocusTo(entry.returnFocus)}
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <form ref={form} noValidate onSubmit={submit} className="flex min-h-0 flex-col">
          <div className="min-h-0 flex-1 overflow-y-auto px-6 pt-6">
            <Dialog.Title className="text-lg font-bold">{props.title}</Dialog.Title>
            {props.message && (
              <p id={`${id}-message`} className="mt-2 text-sm text-neutral-600">
                {props.message}
              </p>
            )}
            <div className="mt-5 flex flex-col gap-4">
              {props.fields.map((field) => {
                const inputId = fieldId(field);
                const error = errors[field.name];
                const value = values[field.name] ?? '';
                const describedBy = [field.description ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
                const common = {
                  id: inputId,
                  name: field.name,
                  value,
                  placeholder: field.placeholder,
                  required: field.required,
                  'aria-invalid': error ? true : undefined,
                  'aria-describedby': describedBy || undefined,
                  className: inputClass,
                } as const;
                return (
                  <div key={field.name}>
                    <div className="mb-1.5 flex items-baseline justify-between gap-2">
                      <label htmlFor={inputId} className="text-sm font-semibold text-neutral-800">
                        {field.label}
                        {field.required && (
                          <>
                            <span aria-hidden="true" className="ml-0.5 text-red-500">
                              *
                            </span>
                            <span className="sr-only"> ({t('form.required')})</span>
                          </>
                        )}
                      </label>
                      {field.maxLength !== undefined && (
                        // No maxLength attribute: a paste that is too long stays whole and is flagged, not cut.
                        <span
                          aria-hidden="true"
                          className={`text-xs tabular-nums ${value.length > field.maxLength ? 'text-red-600' : 'text-neutral-400'}`}
                        >
                          {t('form.counter', { length: value.length, max: field.maxLength })}
                        </span>
                      )}
                    </div>
                    {field.type === 'textarea' ? (
                      <textarea {...common} rows={4} className={`${inputClass} resize-y`} onChange={(e) => change(field, e.target.value)} />
                    ) : (
                      <input
                        {...common}
                        type={field.type}
                        autoComplete={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : undefined}
                        onChange={(e) => change(field, e.target.value)}
                      />
                    )}
                    {field.description && (
                      <p id={`${inputId}-hint`} className="mt-1 text-xs text-neutral-500">
                        {field.description}
                      </p>
                    )}
                    {error && (
                      <p id={`${inputId}-error`} className="mt-1 text-sm text-red-600">
                        {message(error)}
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
          <div className="flex shrink-0 gap-2 p-6">
            <button type="button" className={secondaryButtonClass} onClick={() => entry.close(null)}>
              {props.cancelLabel ?? t('button.cancel')}
            </button>
            <button type="submit" className={primaryButtonClass}>
              {props.submitLabel ?? t('button.confirm')}
            </button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
