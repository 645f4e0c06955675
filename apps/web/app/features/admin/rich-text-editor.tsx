import type { UploadPurpose } from '@byeol/contract';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { IMAGE_TYPES, uploadImage } from '../../lib/upload';
import { useDialog } from '../../ui/dialogs';
import { FieldMessages, inputClass } from '../../ui/fields';
import { UploadProgress } from '../../ui/upload-progress';
import { smallButton } from './admin-ui';
import { safeLinkUrl } from './editorial-console-rules';

/**
 * Typography of an article's or an event's HTML (the server's allow-list: h2–h4, p, br, hr, strong/em/u/s,
 * blockquote, lists, links and our uploaded images), the same as the public pages set it, so the editor
 * and the preview look like what readers see.
 */
export const richTextClass = [
  'text-[15px] leading-relaxed text-neutral-900 [overflow-wrap:anywhere] sm:text-base',
  '[&>:first-child]:mt-0',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:leading-snug',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-bold',
  '[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:font-bold',
  '[&_p]:my-3',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_blockquote]:my-5 [&_blockquote]:border-l-4 [&_blockquote]:border-brand/40 [&_blockquote]:bg-neutral-50 [&_blockquote]:px-4 [&_blockquote]:py-3 [&_blockquote]:text-neutral-700',
  '[&_a]:font-semibold [&_a]:text-brand-dark [&_a]:underline [&_a]:underline-offset-2',
  '[&_img]:my-5 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-8 [&_hr]:border-neutral-200',
  '[&_strong]:font-bold [&_b]:font-bold [&_em]:italic [&_i]:italic [&_u]:underline [&_s]:line-through',
].join(' ');

/** Elements the editable area never holds (the server removes them too; this only keeps the page calm). */
const DROPPED = 'script,style,iframe,frame,object,embed,form,input,button,textarea,select,link,meta,base,svg,math,template';

/**
 * HTML typed in the HTML view, made fit to be put back into the editable area: parsed inertly (nothing runs
 * or loads while parsing), without scripts, frames, forms, event handlers, styles and javascript: links. The
 * server's allow-list is what makes the stored HTML safe; this keeps the operator's own page from running
 * what they pasted.
 */
function cleanForEditor(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of doc.body.querySelectorAll(DROPPED)) el.remove();
  for (const el of doc.body.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || /^(javascript|vbscript|data):/.test(value)) {
        el.removeAttribute(attr.name);
      }
    }
  }
  return doc.body.innerHTML;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Block = 'h2' | 'h3' | 'blockquote';
type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';
interface ToolState {
  block: string;
  bold: boolean;
  italic: boolean;
  insertUnorderedList: boolean;
  insertOrderedList: boolean;
}
const NO_TOOLS: ToolState = { block: '', bold: false, italic: false, insertUnorderedList: false, insertOrderedList: false };

/** Which tools apply at the caret (the browser's own reading of the editable area). */
const toolsHere = (): ToolState => ({
  block: String(document.queryCommandValue('formatBlock') || '').toLowerCase(),
  bold: document.queryCommandState('bold'),
  italic: document.queryCommandState('italic'),
  insertUnorderedList: document.queryCommandState('insertUnorderedList'),
  insertOrderedList: document.queryCommandState('insertOrderedList'),
});

/**
 * The console's rich-text editor, small and without dependencies: an editable area with a toolbar
 * (headings, bold, italic, lists, quote, a link to an http(s) address, an image uploaded for `purpose`)
 * and an "HTML" view showing the raw HTML in a textarea. `value` is the HTML sent as `content_html`; the
 * server sanitises it (docs/editorial.md), so the page shows the saved answer's HTML as the preview.
 */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  purpose,
  errors = [],
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  purpose: UploadPurpose;
  errors?: string[];
  hint?: string;
}) {
  const { t } = useTranslation('admin');
  const dialog = useDialog();
  const labelId = useId();
  const area = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const range = useRef<Range | null>(null);
  const [mode, setMode] = useState<'visual' | 'html'>('visual');
  const [tools, setTools] = useState<ToolState>(NO_TOOLS);
  const [upload, setUpload] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState('');
  const invalid = errors.length > 0;

  // The editable area follows `value` when it changes from outside (another article, the HTML view).
  useEffect(() => {
    const el = area.current;
    if (!el || mode !== 'visual' || el.innerHTML === value) return;
    el.innerHTML = cleanForEditor(value);
  }, [value, mode]);

  // Remember where the caret was in the area (a dialog or the file picker takes the focus away) and which
  // tools apply there.
  useEffect(() => {
    const onSelection = () => {
      const el = area.current;
      const selection = document.getSelection();
      if (!el || !selection || selection.rangeCount === 0) return;
      const current = selection.getRangeAt(0);
      if (!el.contains(current.commonAncestorContainer)) return;
      range.current = current.cloneRange();
      setTools(toolsHere());
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  /** After a command: the HTML is sent up and the toolbar shows what applies at the caret now. */
  const emit = () => {
    if (!area.current) return;
    onChange(area.current.innerHTML);
    if (document.activeElement === area.current) setTools(toolsHere());
  };

  /** Focuses the area with the caret where it was (or at the end). */
  function restore() {
    const el = area.current;
    const selection = document.getSelection();
    if (!el || !selection) return;
    el.focus();
    document.execCommand('defaultParagraphSeparator', false, 'p');
    selection.removeAllRanges();
    const saved = range.current;
    if (saved && el.contains(saved.commonAncestorContainer)) {
      selection.addRange(saved);
      return;
    }
    const end = document.createRange();
    end.selectNodeContents(el);
    end.collapse(false);
    selection.addRange(end);
  }

  function run(command: Command) {
    restore();
    document.execCommand(command);
    emit();
  }

  /** A block as a heading or a quote, or back to a paragraph when it already is one. */
  function block(tag: Block) {
    restore();
    const current = String(document.queryCommandValue('formatBlock') || '').toLowerCase();
    document.execCommand('formatBlock', false, current === tag ? '<p>' : `<${tag}>`);
    emit();
  }

  function insertHtml(html: string) {
    restore();
    document.execCommand('insertHTML', false, html);
    emit();
  }

  async function addLink() {
    const selected = range.current && !range.current.collapsed ? range.current.toString() : '';
    const values = await dialog.form({
      title: t('editor.linkTitle'),
      fields: [
        {
          name: 'url',
          label: t('editor.linkUrl'),
          type: 'url',
          required: true,
          maxLength: 500,
          placeholder: 'https://',
          description: t('editor.linkHint'),
        },
      ],
    });
    const url = values ? safeLinkUrl(values.url ?? '') : null;
    if (!url) {
      area.current?.focus();
      return;
    }
    if (selected) {
      restore();
      document.execCommand('createLink', false, url);
      emit();
    } else {
      insertHtml(`<a href="${escapeAttr(url)}">${escapeText(url)}</a>`);
    }
  }

  async function addImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError('');
    setUpload(0);
    const res = await uploadImage(file, {
      purpose,
      fileName: file.name || 'image',
      commKey: purpose,
      onProgress: (fraction) => setUpload(fraction),
      fallback: t('editor.uploadFailed'),
    });
    setUpload(null);
    if (!isOk(res)) {
      setUploadError(res.rslt_msg || t('editor.uploadFailed'));
      return;
    }
    insertHtml(`<p><img src="${escapeAttr(res.rslt_set.temp_file_path_nm)}" alt=""></p>`);
  }

  /** A toolbar button; `pressed` (a toggle's state) is left out for the buttons that only act. */
  const tool = (name: string, text: string, pressed: boolean | undefined, onPress: () => void, title?: string) => (
    <button
      type="button"
      className={`${smallButton} min-w-9 ${pressed ? 'border-brand bg-brand/10 text-brand-dark' : ''}`}
      aria-pressed={pressed}
      title={title}
      aria-label={title}
      disabled={mode === 'html' || upload !== null}
      // Keep the caret in the area: a toolbar press must not move the focus first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPress}
      data-editor-tool={name}
    >
      {text}
    </button>
  );

  return (
    <div data-rich-editor={id}>
      <span id={labelId} className="mb-1 block text-sm font-semibold text-neutral-800">
        {label}
      </span>
      <div className={`overflow-hidden rounded-lg border ${invalid ? 'border-red-500' : 'border-neutral-300'}`}>
        <div role="toolbar" aria-label={t('editor.toolbar')} className="flex flex-wrap gap-1 border-b border-neutral-200 bg-neutral-50 p-2">
          {tool('h2', 'H2', tools.block === 'h2', () => block('h2'), t('editor.h2'))}
          {tool('h3', 'H3', tools.block === 'h3', () => block('h3'), t('editor.h3'))}
          {tool('bold', 'B', tools.bold, () => run('bold'), t('editor.bold'))}
          {tool('italic', 'I', tools.italic, () => run('italic'), t('editor.italic'))}
          {tool('ul', '•', tools.insertUnorderedList, () => run('insertUnorderedList'), t('editor.bullets'))}
          {tool('ol', '1.', tools.insertOrderedList, () => run('insertOrderedList'), t('editor.numbers'))}
          {tool('quote', '❝', tools.block === 'blockquote', () => block('blockquote'), t('editor.quote'))}
          {tool('link', t('editor.link'), undefined, () => void addLink())}
          {tool('image', t('editor.image'), undefined, () => picker.current?.click())}
          <button
            type="button"
            className={`${smallButton} ml-auto ${mode === 'html' ? 'border-brand bg-brand/10 text-brand-dark' : ''}`}
            aria-pressed={mode === 'html'}
            onClick={() => setMode((m) => (m === 'html' ? 'visual' : 'html'))}
            data-editor-tool="html"
          >
            HTML
          </button>
        </div>
        <input
          ref={picker}
          type="file"
          accept={IMAGE_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('editor.image')}
          onChange={(e) => void addImage(e)}
          data-editor-image-input
        />
        {/* The editable area stays mounted in the HTML view (hidden), so its caret and content are kept. */}
        <div
          ref={area}
          id={id}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={`${id}-msg`}
          aria-invalid={invalid}
          contentEditable={mode === 'visual'}
          suppressContentEditableWarning
          hidden={mode === 'html'}
          className={`${richTextClass} min-h-64 bg-white p-3 focus-visible:outline-2 focus-visible:outline-brand`}
          onInput={emit}
          onBlur={emit}
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          data-editor-area
        />
        {mode === 'html' && (
          <textarea
            id={`${id}-html`}
            aria-label={t('editor.htmlLabel', { label })}
            aria-describedby={`${id}-msg`}
            className={`${inputClass} min-h-64 rounded-none border-0 font-mono text-xs`}
            value={value}
            spellCheck={false}
            onChange={(e) => onChange(e.target.value)}
            data-editor-html
          />
        )}
      </div>
      {upload !== null && (
        <UploadProgress fraction={upload} label={t('editor.uploading')} text={(percent) => t('editor.uploadingPercent', { percent })} />
      )}
      <FieldMessages id={id} errors={uploadError ? [...errors, uploadError] : errors} hint={hint} />
    </div>
  );
}

/**
 * A picture of the form (an article's list picture, an event's banner): choose a file, it uploads for
 * `purpose` with its progress shown, and its public URL (`temp_file_path_nm`) becomes the value.
 */
export function ImageUploadField({
  id,
  label,
  value,
  onChange,
  purpose,
  hint,
  errors = [],
  onBusy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  purpose: UploadPurpose;
  hint?: string;
  errors?: string[];
  /** Told when an upload starts (true) and ends (false), so the form waits for it. */
  onBusy?: (busy: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError('');
    setProgress(0);
    onBusy?.(true);
    const res = await uploadImage(file, {
      purpose,
      fileName: file.name || 'image',
      commKey: purpose,
      onProgress: (fraction) => setProgress(fraction),
      fallback: t('editor.uploadFailed'),
    });
    setProgress(null);
    onBusy?.(false);
    if (isOk(res)) onChange(res.rslt_set.temp_file_path_nm);
    else setError(res.rslt_msg || t('editor.uploadFailed'));
  }

  return (
    <div data-image-field={id}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img src={value} alt="" className="h-20 w-32 rounded-lg border border-neutral-200 object-cover" data-image-preview />
        ) : (
          <span className="flex h-20 w-32 items-center justify-center rounded-lg border border-dashed border-neutral-300 text-xs text-neutral-400">
            {t('editor.noImage')}
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <label className={`${smallButton} inline-flex cursor-pointer items-center focus-within:outline-2 focus-within:outline-brand`}>
            {value ? t('editor.changeImage') : t('editor.chooseImage')}
            <input
              id={id}
              type="file"
              accept={IMAGE_TYPES}
              className="sr-only"
              aria-describedby={`${id}-msg`}
              disabled={progress !== null}
              onChange={(e) => void choose(e)}
              data-image-input
            />
          </label>
          {value && (
            <button type="button" className={smallButton} onClick={() => onChange('')} disabled={progress !== null} data-image-remove>
              {t('editor.removeImage')}
            </button>
          )}
        </div>
      </div>
      {progress !== null && (
        <UploadProgress fraction={progress} label={t('editor.uploading')} text={(percent) => t('editor.uploadingPercent', { percent })} />
      )}
      <FieldMessages id={id} errors={error ? [...errors, error] : errors} hint={hint} />
    </div>
  );
}
