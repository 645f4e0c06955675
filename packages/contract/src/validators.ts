/**
 * Dialog validators of SPEC §5: email (top-level domain 2 to 24 characters) and URL (host 1 to 256).
 * The messages are the SPEC's; forms translate them through the `validation.*` keys.
 */
/** Characters as a reader counts them (code points: an emoji or a Hangul syllable is one), for every length limit. */
export const charCount = (text: string): number => [...text].length;

export const EMAIL_MESSAGE = 'Invalid email address';
export const URL_MESSAGE = 'Invalid URL';

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,24})$/;

export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const local = value.split('@')[0] ?? '';
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return EMAIL.test(value);
}

export function isUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname.length >= 1 && url.hostname.length <= 256;
}

/** Returns the SPEC message when invalid, otherwise null. */
export function validateEmail(value: string): string | null {
  return isEmail(value) ? null : EMAIL_MESSAGE;
}
export function validateUrl(value: string): string | null {
  return isUrl(value) ? null : URL_MESSAGE;
}

/** Uploaded-file info of SPEC §3, as the crop popup's hidden field `fileInfo` carries it. */
export interface FileInfo {
  temp_file_sn: string;
  temp_file_path_nm: string;
  temp_file_nm: string;
  temp_fileSelect_no: string;
  temp_type: string;
  temp_insert_mode: string;
  temp_comm_key: string;
}

/** The file-info fields in SPEC §3 order (the order of the '||'-joined `fileInfo`). */
export const FILE_INFO_FIELDS = [
  'temp_file_sn',
  'temp_file_path_nm',
  'temp_file_nm',
  'temp_fileSelect_no',
  'temp_type',
  'temp_insert_mode',
  'temp_comm_key',
] as const;

/** SPEC §5: the crop confirm reads `fileInfo`, split on '||', into the file-info fields in order. */
export function parseFileInfo(value: string): FileInfo {
  const parts = value.split('||');
  return Object.fromEntries(FILE_INFO_FIELDS.map((k, i) => [k, parts[i] ?? ''])) as unknown as FileInfo;
}

export function formatFileInfo(info: FileInfo): string {
  return FILE_INFO_FIELDS.map((k) => info[k]).join('||');
}
