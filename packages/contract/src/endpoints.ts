import { z } from 'zod';
import type { Envelope } from './envelope.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call, declared once in its domain's contract file: the server registers its route from it
 * (method, path, request schema, tags and summary into the OpenAPI), the web calls it with `call(…)` and
 * the tests with the same object, so no path literal or hand-written request type is repeated.
 *
 * `request` validates the body of a POST/PUT/DELETE or the query of a GET; `Answer` is the type of the
 * envelope's `rslt_set` (a type, not a schema: answers are built by the server's own code).
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Answer = unknown> {
  readonly method: HttpMethod;
  /** The path under /v1 (`/star/gift_rank`). */
  readonly path: string;
  /**
   * Request fields that travel in the path (`/channel/bj_fan_more/:id` with `params: ['id']`): the server
   * reads them from the URL, callers fill them in with `endpointPath`; the request schema still validates them.
   */
  readonly params?: readonly string[];
  readonly request: Req;
  readonly tags: readonly string[];
  readonly summary: string;
  /** Type-only: the answer's `rslt_set`. */
  readonly answer?: Answer;
}

/**
 * Declares a call: `endpoint<StarGiftSet>()({ method: 'POST', path: '/star/user_star_use_proc', request:
 * StarGiftSchema, tags: ['wallet'], summary: '…' })`. The first call fixes the answer type, the second
 * infers the request schema.
 */
export const endpoint =
  <Answer>() =>
  <Req extends z.ZodType>(def: Omit<Endpoint<Req, Answer>, 'answer'>): Endpoint<Req, Answer> =>
    def;

/**
 * The request of a POST that takes no fields and may come without any body (`request.body` undefined,
 * which Fastify validates as null): `z.object({})` alone would refuse such a call.
 */
export const NoBodySchema = z.object({}).nullish();

/** What a caller sends (before defaults and coercion). */
export type EndpointInput<E> = E extends Endpoint<infer Req, unknown> ? z.input<Req> : never;
/** What the handler receives after validation. */
export type EndpointRequest<E> = E extends Endpoint<infer Req, unknown> ? z.output<Req> : never;
/** The `rslt_set` of a successful answer. */
export type EndpointAnswer<E> = E extends Endpoint<z.ZodType, infer A> ? A : never;
/** The whole answer. */
export type EndpointEnvelope<E> = Envelope<EndpointAnswer<E>>;

/**
 * The path of a call for an input, with its path fields (`params`) filled in (URI-encoded), and the rest
 * of the input (the query of a GET, the body of anything else).
 */
export function endpointPath<T extends Record<string, unknown>>(
  ep: Pick<Endpoint, 'path' | 'params'>,
  input: T | undefined,
): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...(input ?? {}) };
  let path = ep.path;
  for (const name of ep.params ?? []) {
    const value = rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`${ep.path}: path field ${name} missing`);
    path = path.replace(`:${name}`, encodeURIComponent(String(value)));
    delete rest[name];
  }
  return { path, rest };
}
