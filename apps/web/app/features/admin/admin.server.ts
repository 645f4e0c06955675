import {
  type AdminDashboard,
  adminEndpoints,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type ListSet,
  ResultCode,
} from '@byeol/contract';
import type { AppLoadContext } from 'react-router';
import { loadEndpoint, postApi } from '../../lib/endpoint.server';

/** Who is looking at /admin: the console's first call decides (the server's requireRole is the one gate). */
export type AdminGate = { kind: 'signed-out' } | { kind: 'forbidden'; message: string } | { kind: 'ok'; dashboard: AdminDashboard };

export async function loadAdminGate(context: AppLoadContext): Promise<AdminGate> {
  const answer = await loadEndpoint(context, adminEndpoints.dashboard);
  if (answer.rslt_cd === 0) return { kind: 'ok', dashboard: answer.rslt_set };
  if (answer.rslt_cd === ResultCode.LOGIN_REQUIRED) return { kind: 'signed-out' };
  return { kind: 'forbidden', message: answer.rslt_msg };
}

/** A console list for a screen's loader: the page, or the refusal's message (a bad filter, a lost session). */
export type AdminList<T> = { ok: true; list: ListSet<T> } | { ok: false; message: string; field: string };

export async function loadAdminList<T>(
  context: AppLoadContext,
  path: string,
  body: Record<string, string | number | undefined>,
): Promise<AdminList<T>> {
  const answer = await postApi<ListSet<T>>(context, path, body);
  if (answer.rslt_cd === 0) return { ok: true, list: answer.rslt_set };
  const field = (answer.rslt_set as { field?: unknown } | null)?.field;
  return { ok: false, message: answer.rslt_msg, field: typeof field === 'string' ? field : '' };
}

/** A console list read through a public catalogued call (the customer centre's notices, the FAQ). */
export async function loadListEndpoint<E extends Endpoint>(
  context: AppLoadContext,
  ep: E,
  input: EndpointInput<E>,
): Promise<AdminList<EndpointAnswer<E> extends ListSet<infer T> ? T : never>> {
  const answer = await loadEndpoint(context, ep, input);
  if (answer.rslt_cd === 0) return { ok: true, list: answer.rslt_set as ListSet<EndpointAnswer<E> extends ListSet<infer T> ? T : never> };
  const field = (answer.rslt_set as { field?: unknown } | null)?.field;
  return { ok: false, message: answer.rslt_msg, field: typeof field === 'string' ? field : '' };
}
