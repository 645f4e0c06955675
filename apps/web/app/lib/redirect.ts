/**
 * A `?redirect=` value is followed only when it is a path of this site: it starts with one `/`, has no
 * backslash or control characters and does not name another origin (`//evil.example`, `/\evil`).
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://byeol.invalid');
    if (url.origin !== 'http://byeol.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
