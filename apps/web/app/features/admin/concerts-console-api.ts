import {
  type AdminConcertItem,
  type AdminConcertTicket,
  type BroadcastFreezeSet,
  type ConcertCancelSet,
  type ConcertInfo,
  concertsEndpoints,
  type EndpointInput,
  mediaEndpoints,
  type StarCard,
  starsEndpoints,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';
import type { ConcertProcInput } from './concerts-rules';

/**
 * The issue 22 console's actions from the browser (docs/concerts.md, docs/stars.md): a concert read whole for
 * its form, created or edited, cancelled or one ticket refunded with a reason, its live broadcast frozen; a
 * K-star's agency, group and debut set. Each resolves an envelope, never throws (a network failure answers
 * `fallback`).
 */

export function concertInfo(concert_sn: number, fallback: string): Promise<Answer<ConcertInfo>> {
  return send(() => api.call(concertsEndpoints.info, { concert_sn }), fallback);
}

export function saveConcert(input: ConcertProcInput, fallback: string): Promise<Answer<AdminConcertItem>> {
  return send(() => api.call(concertsEndpoints.adminProc, input), fallback);
}

export function cancelConcert(concert_sn: number, reason: string, fallback: string): Promise<Answer<ConcertCancelSet>> {
  return send(() => api.call(concertsEndpoints.adminCancel, { concert_sn, reason }), fallback);
}

export function refundTicket(ticket_sn: number, reason: string, fallback: string): Promise<Answer<AdminConcertTicket>> {
  return send(() => api.call(concertsEndpoints.adminRefund, { ticket_sn, reason }), fallback);
}

/** The live broadcast cut by an operator (the media role's freeze; no suspension of the BJ). */
export function freezeBroadcast(vod_key: string, reason: string, fallback: string): Promise<Answer<BroadcastFreezeSet>> {
  return send(() => api.call(mediaEndpoints.freeze, { vod_key, reason, suspend_hours: 0 }), fallback);
}

export type StarProfileInput = EndpointInput<typeof starsEndpoints.adminProfile>;

export function saveStarProfile(input: StarProfileInput, fallback: string): Promise<Answer<StarCard>> {
  return send(() => api.call(starsEndpoints.adminProfile, input), fallback);
}
