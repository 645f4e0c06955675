import type { Endpoint, EndpointAnswer, EndpointInput, Envelope } from '@byeol/contract';
import { API_BASE, endpointPath } from '@byeol/contract';
import type { AppLoadContext } from 'react-router';

/**
 * A form-encoded POST from a loader or an action (SPEC §7 names most reads so). Answers the envelope (the
 * page decides what a refusal means); an unreachable API is a 503 page.
 */
export async function postApi<T>(
  context: AppLoadContext,
  path: string,
  body: Record<string, string | number | undefined>,
): Promise<Envelope<T>> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) if (value !== undefined) form.set(key, String(value));
  const res = await context.api(path, {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.status >= 500) throw new Response('API unavailable', { status: 503 });
  return (await res.json()) as Envelope<T>;
}

/** A GET from a loader; an unreachable API is a 503 page. */
export async function getApi<T>(context: AppLoadContext, pathWithQuery: string): Promise<Envelope<T>> {
  const res = await context.api(pathWithQuery);
  if (res.status >= 500) throw new Response('API unavailable', { status: 503 });
  return (await res.json()) as Envelope<T>;
}

/**
 * A catalogued call from a loader or an action (the server side of `api.call`): the method and path come
 * from the endpoint, the input (the query of a GET, the form of anything else) is typed by its request
 * schema, the answer by the endpoint.
 */
export function loadEndpoint<E extends Endpoint>(
  context: AppLoadContext,
  ep: E,
  input?: EndpointInput<E>,
): Promise<Envelope<EndpointAnswer<E>>> {
  const filled = endpointPath(ep, input as Record<string, unknown> | undefined);
  const fields = filled.rest as Record<string, string | number | undefined>;
  const path = `${API_BASE}${filled.path}`;
  if (ep.method !== 'GET') return postApi(context, path, fields);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) query.set(key, String(value));
  return getApi(context, query.size ? `${path}?${query}` : path);
}

/** Calls an API path from a loader and answers its envelope; a transport failure throws a 503 page. */
export async function callApi<T>(context: AppLoadContext, pathWithQuery: string): Promise<Envelope<T>> {
  const res = await context.api(pathWithQuery);
  if (!res.ok && res.status >= 500) throw new Response('API unavailable', { status: 503 });
  return (await res.json()) as Envelope<T>;
}
