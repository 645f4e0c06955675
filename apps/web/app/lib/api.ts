import {
  API_BASE,
  API_HEADERS,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type Envelope,
  endpointPath,
} from '@byeol/contract';

/**
 * The HTTP layer of SPEC §7, for the browser and for Node (SSR loaders, tests).
 *
 * - Every request carries the configured headers plus X-Api-Mode / X-Requested-With.
 * - GET puts its parameters in the query string; POST, PUT and DELETE send a form-encoded body
 *   (arrays as repeated keys), or a FormData untouched as multipart.
 * - A non-mutating request is retried once on 408, 409, 425, 429, 500, 502, 503, 504 or a network
 *   error; a mutating one only when the call opts in with `retry: true` (it may not be idempotent).
 * - HTTP 400–599 (after the retry) throw {@link ApiError}. A 200 with a non-zero `rslt_cd` resolves:
 *   that is an expected failure the caller shows, not an exception.
 */

/** A failed call: HTTP 400–599, a network failure (status 0) or an answer that is not an envelope. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived (network failure). */
  readonly status: number;
  readonly statusText: string;
  /** The parsed body: JSON (usually the error envelope) when parseable, else the text. */
  readonly data: unknown;
  readonly method: string;
  readonly url: string;

  constructor(init: { status: number; statusText: string; data: unknown; method: string; url: string; message?: string; cause?: unknown }) {
    super(init.message ?? `${init.method} ${init.url}: ${init.status} ${init.statusText}`.trim(), { cause: init.cause });
    this.status = init.status;
    this.statusText = init.statusText;
    this.data = init.data;
    this.method = init.method;
    this.url = init.url;
  }

  /** The error envelope the server sent with a 4xx/5xx, if it sent one. */
  get envelope(): Envelope | undefined {
    return isEnvelope(this.data) ? this.data : undefined;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;
export type Body = Record<string, unknown> | FormData | URLSearchParams;

export interface ApiOptions {
  /** `/v1` in the browser; an absolute URL (`http://127.0.0.1:3000/v1`) in Node. */
  baseUrl: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Sent with every request (e.g. the page request's `cookie` during SSR). */
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  /** Wait before the single retry, in ms (default 0). */
  retryDelay?: number;
}

export interface CallOptions {
  /** true: retry once even a mutating call; false: never retry. Default: GET/HEAD yes, others no. */
  retry?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Abort after this many ms (counts as a network error, so a GET is retried once). */
  timeout?: number;
}

export type ProgressHandler = (loaded: number, total: number) => void;

export interface Api {
  get<T = unknown>(path: string, query?: Query, opts?: CallOptions): Promise<Envelope<T>>;
  post<T = unknown>(path: string, body?: Body, opts?: CallOptions): Promise<Envelope<T>>;
  put<T = unknown>(path: string, body?: Body, opts?: CallOptions): Promise<Envelope<T>>;
  del<T = unknown>(path: string, body?: Body, opts?: CallOptions): Promise<Envelope<T>>;
  /**
   * A multipart POST for long uploads. With `onProgress` in a browser it goes through XMLHttpRequest to
   * report upload progress; otherwise through fetch (no progress events). Resolves null when the
   * answer is empty (SPEC §7 upload_thum_ajax).
   */
  upload<T = unknown>(path: string, formData: FormData, onProgress?: ProgressHandler, opts?: CallOptions): Promise<Envelope<T> | null>;
  /**
   * A catalogued call (packages/contract `endpoint(…)`): its method and path, the input typed by its request
   * schema (the query of a GET, the form of anything else), the answer typed by its declared answer.
   */
  call<E extends Endpoint>(ep: E, input?: EndpointInput<E>, opts?: CallOptions): Promise<Envelope<EndpointAnswer<E>>>;
}

/** Statuses worth one more try: timeouts, conflicts, rate limits and transient faults (SPEC §7). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const NON_MUTATING = new Set(['GET', 'HEAD']);
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { rslt_cd?: unknown }).rslt_cd === 'number';
}

/** `base` + `path`; an absolute `path` (`http://…`) is used as is. */
export function joinUrl(base: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function scalar(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** Form/query encoding: undefined and null are skipped, arrays become repeated keys. */
export function toSearchParams(values: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = scalar(item);
      if (text !== undefined) params.append(key, text);
    }
  }
  return params;
}

export function withQuery(url: string, query: Query | undefined): string {
  if (!query) return url;
  const qs = toSearchParams(query).toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function hasBlob(values: Record<string, unknown>): boolean {
  const isBlob = (v: unknown) => typeof Blob !== 'undefined' && v instanceof Blob;
  return Object.values(values).some((v) => (Array.isArray(v) ? v.some(isBlob) : isBlob(v)));
}

/** A record holding a Blob/File becomes multipart; otherwise form-encoded. */
function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(key, item);
      else {
        const text = scalar(item);
        if (text !== undefined) form.append(key, text);
      }
    }
  }
  return form;
}

interface Prepared {
  body: FormData | URLSearchParams | undefined;
  contentType: string | undefined;
}

function prepareBody(body: Body | undefined): Prepared {
  if (body === undefined) return { body: undefined, contentType: undefined };
  // FormData: the runtime sets multipart/form-data with its boundary.
  if (body instanceof FormData) return { body, contentType: undefined };
  if (body instanceof URLSearchParams) return { body, contentType: FORM_TYPE };
  if (hasBlob(body)) return { body: toFormData(body), contentType: undefined };
  return { body: toSearchParams(body), contentType: FORM_TYPE };
}

/** JSON when parseable, else the text; undefined for an empty body. */
export function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface RawAnswer {
  status: number;
  statusText: string;
  text: string;
}

interface Attempt {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | URLSearchParams | undefined;
  signal: AbortSignal | undefined;
}

type Transport = (attempt: Attempt) => Promise<RawAnswer>;

/** Later sources win, whatever the case of the names: the API headers cannot be doubled or overridden. */
function mergeHeaders(...sources: (Readonly<Record<string, string>> | undefined)[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const source of sources) for (const [name, value] of Object.entries(source ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}

function isAbort(err: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (err instanceof Error && err.name === 'AbortError');
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** Combines the caller's signal and a timeout into one signal. */
function signalOf(opts: CallOptions | undefined): { signal: AbortSignal | undefined; timedOut: () => boolean } {
  if (!opts?.timeout) return { signal: opts?.signal, timedOut: () => false };
  const timeoutSignal = AbortSignal.timeout(opts.timeout);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeoutSignal]) : timeoutSignal;
  return { signal, timedOut: () => timeoutSignal.aborted && !opts.signal?.aborted };
}

export function createApi(options: ApiOptions): Api {
  const fetchTransport: Transport = async ({ method, url, headers, body, signal }) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const init: RequestInit = { method, headers, body: body ?? null };
    if (options.credentials) init.credentials = options.credentials;
    if (signal) init.signal = signal;
    const res = await doFetch(url, init);
    return { status: res.status, statusText: res.statusText, text: await res.text() };
  };

  async function run(method: string, url: string, prepared: Prepared, opts: CallOptions | undefined, transport: Transport) {
    const headers = mergeHeaders({ accept: 'application/json' }, options.headers, opts?.headers, API_HEADERS);
    if (prepared.contentType) headers['content-type'] = prepared.contentType;
    const retries = (opts?.retry ?? NON_MUTATING.has(method)) ? 1 : 0;

    for (let attempt = 0; ; attempt++) {
      const { signal, timedOut } = signalOf(opts);
      let answer: RawAnswer;
      try {
        answer = await transport({ method, url, headers, body: prepared.body, signal });
      } catch (err) {
        // The caller's own abort is not a failure to report or retry; a timeout is.
        if (isAbort(err, signal) && !timedOut()) throw err;
        if (attempt < retries) {
          await sleep(options.retryDelay ?? 0);
          continue;
        }
        throw new ApiError({ status: 0, statusText: timedOut() ? 'Timeout' : 'Network Error', data: undefined, method, url, cause: err });
      }
      if (attempt < retries && RETRY_STATUSES.has(answer.status)) {
        await sleep(options.retryDelay ?? 0);
        continue;
      }
      const data = parseBody(answer.text);
      if (answer.status >= 400 && answer.status <= 599) {
        throw new ApiError({ status: answer.status, statusText: answer.statusText, data, method, url });
      }
      return { data, status: answer.status, statusText: answer.statusText };
    }
  }

  function notEnvelope(method: string, url: string, answer: { data: unknown; status: number; statusText: string }): ApiError {
    return new ApiError({ ...answer, method, url, message: `${method} ${url}: the answer is not an API envelope` });
  }

  async function call<T>(method: string, path: string, body: Body | undefined, query: Query | undefined, opts?: CallOptions) {
    const url = withQuery(joinUrl(options.baseUrl, path), query);
    const answer = await run(method, url, prepareBody(body), opts, fetchTransport);
    if (!isEnvelope(answer.data)) throw notEnvelope(method, url, answer);
    return answer.data as Envelope<T>;
  }

  return {
    get: (path, query, opts) => call('GET', path, undefined, query, opts),
    post: (path, body, opts) => call('POST', path, body, undefined, opts),
    put: (path, body, opts) => call('PUT', path, body, undefined, opts),
    del: (path, body, opts) => call('DELETE', path, body, undefined, opts),
    call: <E extends Endpoint>(ep: E, input?: EndpointInput<E>, opts?: CallOptions) => {
      const { path, rest } = endpointPath(ep, input as Record<string, unknown> | undefined);
      return ep.method === 'GET'
        ? call<EndpointAnswer<E>>('GET', path, undefined, rest as Query, opts)
        : call<EndpointAnswer<E>>(ep.method, path, rest as Body, undefined, opts);
    },
    async upload<T>(path: string, formData: FormData, onProgress?: ProgressHandler, opts?: CallOptions) {
      const url = joinUrl(options.baseUrl, path);
      const useXhr = onProgress !== undefined && typeof XMLHttpRequest !== 'undefined';
      const transport = useXhr ? xhrTransport(options.credentials, onProgress) : fetchTransport;
      const answer = await run('POST', url, { body: formData, contentType: undefined }, opts, transport);
      if (answer.data === undefined || answer.data === null) return null;
      if (!isEnvelope(answer.data)) throw notEnvelope('POST', url, answer);
      return answer.data as Envelope<T>;
    },
  };
}

/** XMLHttpRequest, only to report upload progress (fetch cannot). */
function xhrTransport(credentials: RequestCredentials | undefined, onProgress: ProgressHandler): Transport {
  return ({ method, url, headers, body, signal }) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url, true);
      xhr.withCredentials = credentials === 'include';
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
      xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
      const abort = () => xhr.abort();
      xhr.onabort = () => reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
      xhr.onloadend = () => signal?.removeEventListener('abort', abort);
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      signal?.addEventListener('abort', abort, { once: true });
      xhr.send(body ?? null);
    });
}

/** The browser client: same-origin `/v1` with the session cookie. */
export const api = createApi({ baseUrl: API_BASE, credentials: 'same-origin' });
