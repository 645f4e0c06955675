import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  API_HEADERS,
  type Envelope,
  LANG_COOKIE,
  type Lang,
  type ListSet,
  REFUSAL_PARAMS,
  ResultCode,
  type ResultCodeName,
  resolveLang,
  resultMessage,
} from '@byeol/contract';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';
import type { SharedAnswers } from './shared-answers.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language from the `xlang` cookie (unsupported → ko). */
    lang: Lang;
    /** Files of a multipart body, streamed to disk; removed after the response unless moved. */
    uploads: UploadedFile[];
  }
}

/** A file field of a multipart body, as it appears in `request.body`. */
export interface UploadedFile {
  kind: 'file';
  filename: string;
  mimetype: string;
  /** Temporary path on disk; move it to keep the file. */
  path: string;
  size: number;
}

export function envelope<T>(lang: Lang, set: T, name: ResultCodeName = 'OK', params: Record<string, string | number> = {}): Envelope<T> {
  return { rslt_cd: ResultCode[name], rslt_set: set, rslt_msg: resultMessage(name, lang, params) };
}

/** The success envelope for a request. */
export function ok<T>(request: FastifyRequest, set: T): Envelope<T> {
  return envelope(request.lang, set);
}

/** A list answer: `data_list` + `data_totalcount` (SPEC §7). */
export function okList<T, E extends object = object>(
  request: FastifyRequest,
  list: T[],
  total: number,
  extra?: E,
): Envelope<ListSet<T> & E> {
  return envelope(request.lang, { ...(extra as E), data_list: list, data_totalcount: total });
}

/**
 * A public list answered from the shared answers (platform/shared-answers.ts): the envelope's text, made
 * once per key and language until a table it reads changes. `key` must name everything the list depends
 * on but the language (the query, the caller's variant).
 */
export async function sharedList<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: SharedAnswers,
  answer: { key: string; tables: readonly string[]; load: () => Promise<{ list: T[]; total: number }> },
): Promise<FastifyReply> {
  const lang = request.lang;
  const text = await answers.get(`${answer.key}|${lang}`, answer.tables, async () => {
    const { list, total } = await answer.load();
    return JSON.stringify(envelope(lang, { data_list: list, data_totalcount: total }));
  });
  return reply.type('application/json; charset=utf-8').send(text);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing call must carry both SPEC §7 headers; with SameSite cookies this stops CSRF. */
export function hasApiHeaders(request: FastifyRequest): boolean {
  return Object.entries(API_HEADERS).every(([name, value]) => {
    const got = request.headers[name.toLowerCase()];
    return typeof got === 'string' && got.toLowerCase() === value.toLowerCase();
  });
}

/**
 * A browser's state-changing call from another site: `Sec-Fetch-Site` (set by every current browser from
 * the page's own origin, whatever proxies do to Host) other than same-origin or none; without it, an
 * `Origin` that is neither this host nor one of `origins` (PUBLIC_URL). Calls from servers and tools send
 * neither header and pass: they still need the API headers.
 */
export function crossSite(request: FastifyRequest, origins: readonly string[]): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    const url = new URL(origin);
    return url.host !== request.host && !origins.includes(url.origin);
  } catch {
    // 'null' (a sandboxed frame, a data: page) or garbage.
    return true;
  }
}

function fieldOf(instancePath: string, fallback: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.length > 0 ? parts.join('.') : fallback;
}

/**
 * application/x-www-form-urlencoded, strictly: broken percent-encoding makes the body unreadable
 * (rslt_cd 1004) instead of reaching a handler as a literal `%E0%A4` value. Repeated keys give arrays.
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      value = eq === -1 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      throw new AppError('MALFORMED_BODY', { field: 'body' }, 400);
    }
    const prev = out[key];
    if (prev === undefined) out[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}

/** The value a validation issue points at, to tell a missing field from a wrong one. */
function valueAt(request: FastifyRequest, context: string | undefined, instancePath: string): unknown {
  const containers: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  let value: unknown = containers[context ?? 'body'];
  for (const part of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Multipart requests whose body was read completely (so a later error is not the body's fault). */
const multipartRead = new WeakSet<FastifyRequest>();

function sendError(reply: FastifyReply, err: AppError) {
  const set = { ...err.params };
  return reply.code(err.httpStatus).send(envelope(reply.request.lang, set, err.code, err.params));
}

/**
 * The first field of a request part holding a NUL character (`name`, `items.2`, `file.filename`), or
 * undefined. Arrays and nested objects (multipart files) are walked.
 */
export function fieldWithNul(value: unknown, name = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? name || 'body' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  // A raw body stream (an uploaded short's bytes) is the handler's to read, not parsed data to walk.
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return name || 'body';
    const found = fieldWithNul(inner, name ? `${name}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** SQLSTATEs of values PostgreSQL cannot take: too long, out of range, not a number or date, bad characters. */
const INPUT_DATA_ERRORS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/** The SQLSTATE of a PostgreSQL error, also when Drizzle wrapped it (DrizzleQueryError's cause). */
function postgresCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export interface ApiOptions {
  /** PUBLIC_URL: browsers' Origin behind a proxy that rewrites Host. */
  publicUrl?: string | undefined;
  bodyLimit: number;
  uploadLimit: number;
  uploadDir: string;
}

/**
 * SPEC §7 conventions for everything under /v1, in one place: language, required headers, form and
 * multipart bodies, the envelope on every answer (errors included) and the mapping of every failure
 * to a result code. Nothing here leaks a stack or SQL.
 */
export const apiConventions = fp<ApiOptions>(async (app: FastifyInstance, opts) => {
  const origins = opts.publicUrl ? [new URL(opts.publicUrl).origin] : [];
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: opts.bodyLimit, parser: parseFormBody });
  await mkdir(opts.uploadDir, { recursive: true });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: opts.uploadLimit, files: 10, fields: 200, fieldSize: opts.bodyLimit },
    async onFile(part) {
      const file: UploadedFile = {
        kind: 'file',
        filename: part.filename,
        mimetype: part.mimetype,
        path: path.join(opts.uploadDir, `${randomUUID()}${path.extname(part.filename).slice(0, 16)}`),
        size: 0,
      };
      this.uploads.push(file);
      part.file.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
      });
      await pipeline(part.file, createWriteStream(file.path));
      if (part.file.truncated) throw new AppError('BODY_TOO_LARGE', { field: part.fieldname }, 413);
      (part as unknown as { value: UploadedFile }).value = file;
    },
  });

  // Runs after the multipart plugin's own preValidation hook has read every part.
  app.addHook('preValidation', async (request, reply) => {
    if (request.isMultipart()) multipartRead.add(request);
    if (!request.url.startsWith('/v1/')) return;
    // PostgreSQL cannot store NUL in text: such a value never reaches a query (it would fail there with
    // the SQL in the log); it is refused here like any invalid value, naming the field.
    for (const value of [request.params, request.query, request.body]) {
      const field = fieldWithNul(value);
      if (field === undefined) continue;
      request.log.info({ field }, 'NUL character in input');
      return reply
        .code(200)
        .send(envelope(request.lang, { field, errors: [{ field, reason: 'invalid_character' }] }, 'INVALID_INPUT', { field }));
    }
  });

  app.decorateRequest('lang', 'ko');
  app.decorateRequest('uploads', null as unknown as UploadedFile[]);

  // These two run on every request: callbacks, not promises (an async hook costs a promise and a turn).
  app.addHook('onRequest', (request, reply, done) => {
    request.lang = resolveLang(request.cookies[LANG_COOKIE]);
    request.uploads = [];
    if (request.url.startsWith('/v1/') && !SAFE_METHODS.has(request.method) && (!hasApiHeaders(request) || crossSite(request, origins))) {
      // Refused before the body is even read: nothing changes (a hook that answers does not call done).
      sendError(reply, new AppError('API_HEADERS_REQUIRED', {}, 403));
      return;
    }
    done();
  });

  app.addHook('onResponse', (request, _reply, done) => {
    if (request.uploads.length === 0) return done();
    void Promise.allSettled(request.uploads.map((f) => rm(f.path, { force: true }))).then(() => done());
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldOf(first?.instancePath ?? '', error.validationContext ?? 'body');
      // A coerced field (z.coerce.number()) reports a missing value as NaN: look at what was sent.
      const missing =
        first?.keyword === 'invalid_type' &&
        (/received undefined/.test(first.message ?? '') || valueAt(request, error.validationContext, first.instancePath) === undefined);
      const errors = error.validation.map((v) => ({ field: fieldOf(v.instancePath, 'body'), reason: v.keyword }));
      // A schema message naming a result code (SPEC §5's 'Please enter a message') answers that code.
      const named = first?.message && Object.hasOwn(REFUSAL_PARAMS, first.message) ? (first.message as ResultCodeName) : undefined;
      if (named) return reply.code(200).send(envelope(request.lang, { field, errors }, named, { field, ...REFUSAL_PARAMS[named] }));
      const name: ResultCodeName = missing ? 'REQUIRED' : 'INVALID_INPUT';
      return reply.code(200).send(envelope(request.lang, { field, errors }, name, { field }));
    }
    // Busboy reports a broken multipart body (no boundary, truncated parts) as a plain Error while the
    // body is read; a system error (errno) there is still ours.
    const brokenMultipart =
      error.statusCode === undefined &&
      (error as NodeJS.ErrnoException).errno === undefined &&
      request.isMultipart() &&
      !multipartRead.has(request);
    const status = error.statusCode ?? (brokenMultipart ? 400 : 500);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      return sendError(reply, new AppError('BODY_TOO_LARGE', { field: 'body' }, 413));
    }
    if (status === 429) {
      const minutes = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60) / 60));
      return sendError(reply, new AppError('RATE_LIMITED', { num: minutes }, 429));
    }
    if (status >= 400 && status < 500) {
      // Unreadable bodies: bad JSON, broken percent-encoding, unsupported content types, bad multipart.
      request.log.info({ err: { code: error.code, message: error.message } }, 'malformed request');
      return sendError(reply, new AppError('MALFORMED_BODY', { field: 'body' }, status === 415 ? 415 : 400));
    }
    // A value PostgreSQL refused as data (too long, out of range, not a number, bad characters) is the
    // caller's mistake that a schema let through: an invalid value, logged without the SQL.
    const pgCode = postgresCode(error);
    if (pgCode && INPUT_DATA_ERRORS.has(pgCode)) {
      request.log.warn({ pg_code: pgCode, url: request.url.split('?')[0] }, 'input refused by PostgreSQL');
      return reply.code(200).send(envelope(request.lang, { field: 'body', errors: [] }, 'INVALID_INPUT', { field: 'body' }));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, new AppError('INTERNAL_ERROR', {}, 500));
  });

  // Unknown calls under /v1 answer the envelope, never the web's 404 page.
  app.all('/v1/*', async (request, reply) =>
    sendError(reply, new AppError('NOT_FOUND', { path: request.url.split('?')[0] as string }, 404)),
  );
});
