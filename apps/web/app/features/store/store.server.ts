import type { Envelope } from '@byeol/contract';
import type { AppLoadContext } from 'react-router';

/**
 * A store or my-page read from a loader: SPEC §7 names these as form-encoded POSTs. Answers the envelope
 * (the page decides what a refusal means); an unreachable API is a 503 page.
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

/** A GET read from a loader; an unreachable API is a 503 page. */
export async function getApi<T>(context: AppLoadContext, pathWithQuery: string): Promise<Envelope<T>> {
  const res = await context.api(pathWithQuery);
  if (res.status >= 500) throw new Response('API unavailable', { status: 503 });
  return (await res.json()) as Envelope<T>;
}
