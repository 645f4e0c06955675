import { type FileInfo, parseFileInfo } from '@byeol/contract';

/** Name of the crop popup's hidden input that carries the uploaded file's info. */
export const FILE_INFO_FIELD = 'fileInfo';

/**
 * SPEC §5: the crop popup's confirm reads the hidden field `fileInfo`, split on '||', into the
 * file-info fields (the contract's `parseFileInfo`). Accepts the popup's form, its FormData or the raw
 * value; null when the field is absent or empty.
 */
export function readFileInfo(source: HTMLFormElement | FormData | string | null | undefined): FileInfo | null {
  let value: unknown = source;
  if (typeof FormData !== 'undefined' && source instanceof FormData) value = source.get(FILE_INFO_FIELD);
  else if (typeof HTMLFormElement !== 'undefined' && source instanceof HTMLFormElement) value = new FormData(source).get(FILE_INFO_FIELD);
  return typeof value === 'string' && value !== '' ? parseFileInfo(value) : null;
}
