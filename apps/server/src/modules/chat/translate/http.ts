import type { Lang } from '@byeol/contract';
import type { Translator } from './translator.js';

/**
 * The `http` translator: a self-hosted translation service speaking LibreTranslate's API, by URL
 * (TRANSLATOR_URL, e.g. http://127.0.0.1:5000 for `libretranslate` on this machine):
 *
 *   POST {TRANSLATOR_URL}/translate  {"q", "source", "target", "format": "text", "api_key"?}  →  {"translatedText"}
 *
 * Each request gives up after TRANSLATOR_TIMEOUT_MS. Anything but a 2xx answer with a string
 * `translatedText` is a failure: the chat logs it (once a minute) and the message stays untranslated.
 */

/** LibreTranslate's codes: Simplified Chinese is `zh` on a self-hosted server. */
const SERVICE_CODE: Record<Lang, string> = { ko: 'ko', en: 'en', ja: 'ja', 'zh-CN': 'zh' };

export interface HttpTranslatorOptions {
  /** The service's base URL; `/translate` is appended. */
  url: string;
  /** LibreTranslate's `api_key`, when the server asks for one. */
  apiKey?: string;
  timeoutMs: number;
}

export function translateEndpoint(base: string): string {
  return new URL('translate', base.endsWith('/') ? base : `${base}/`).toString();
}

export function createHttpTranslator(opts: HttpTranslatorOptions): Translator {
  const endpoint = translateEndpoint(opts.url);
  return {
    name: 'http',
    active: true,
    async translate(text, source, target) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q: text,
          source: SERVICE_CODE[source],
          target: SERVICE_CODE[target],
          format: 'text',
          ...(opts.apiKey ? { api_key: opts.apiKey } : {}),
        }),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new Error(`${endpoint} answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`);
      }
      const body = (await response.json().catch(() => null)) as { translatedText?: unknown } | null;
      if (typeof body?.translatedText !== 'string') throw new Error(`${endpoint} answered no translatedText`);
      return body.translatedText;
    },
  };
}
