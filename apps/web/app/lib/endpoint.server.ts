import type { Endpoint, EndpointAnswer, EndpointInput, Envelope } from '@byeol/contract';
import { API_BASE } from '@byeol/contract';
import type { AppLoadContext } from 'react-router';

/**
 * A catalogued call from a loader or an action (the server side of `api.call`): the method and path come
 * from the endpoint, the input (the query of a GET, the form of anything else) is typed by its request
 * schema, the answer by the endpoint. Answers the envelope (the page decides what a refusal means); an
 * unreachable API is a 503 page.
 */
export async function loadEndpoint<E extends Endpoint>(
  context: AppLoadContext,
  ep: E,
  input?: EndpointInput<E>,
): Promise<Envelope<EndpointAnswer<E>>> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>))
    if (value !== undefined) form.set(key, String(value));
  const path = `${API_BASE}${ep.path}`;
  const res =
    ep.method === 'GET'
      ? await context.api(form.size ? `${path}?${form}` : path)
      : await context.api(path, {
          method: ep.method,
          body: form.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
  if (res.status >= 500) throw new Response('API unavailable', { status: 503 });
  return (await res.json()) as Envelope<EndpointAnswer<E>>;
}
