import { FieldMessages, inputClass } from '../../ui/fields';
import { richTextClass } from './rich-text-editor';

/** Pieces of the editorial console's forms (the magazine's and the events'). */

/** What the server stored (its allow-list already applied), rendered as readers see it. */
export function SavedHtml({ html, name }: { html: string; name: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's answer, sanitised by its allow-list before it was stored.
  return <div className={richTextClass} data-preview-html={name} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  errors,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  errors: string[];
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        aria-invalid={errors.length > 0}
        aria-describedby={`${id}-msg`}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} errors={errors} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  value,
  maxLength,
  onChange,
  errors,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  errors: string[];
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className={inputClass}
        value={value}
        maxLength={maxLength}
        aria-invalid={errors.length > 0}
        aria-describedby={`${id}-msg`}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldMessages id={id} errors={errors} hint={hint} />
    </div>
  );
}
