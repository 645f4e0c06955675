import { type ConcertTab, concertsEndpoints, IDEMPOTENCY_HEADER } from '@byeol/contract';
import { send } from '../../lib/answer';
import { api } from '../../lib/api';
import { CONCERT_PAGE_SIZE, TICKET_PAGE_SIZE } from './concert-rules';

/**
 * The concert calls of issue 22 from the browser (packages/contract/src/concerts.ts). Each resolves an
 * envelope, never throws: a refusal carries its message in the caller's language (rslt_msg), a network
 * failure `fallback`.
 */

/** The next page of a /concert tab. */
export function concertsMore(tab: ConcertTab, offset: number, fallback: string) {
  return send(() => api.call(concertsEndpoints.list, { tab, offset, limit: CONCERT_PAGE_SIZE }), fallback);
}

/** The one ticket of the caller for a concert, with the action's idempotency key (retried once on a network failure). */
export function buyTicket(concertSn: number, key: string, fallback: string) {
  return send(
    () => api.call(concertsEndpoints.buy, { concert_sn: concertSn }, { headers: { [IDEMPOTENCY_HEADER]: key }, retry: true }),
    fallback,
  );
}

/** A fresh media token for the holder's player. */
export function freshMediaToken(concertSn: number, fallback: string) {
  return send(() => api.call(concertsEndpoints.mediaToken, { concert_sn: concertSn }), fallback);
}

/** The next page of the caller's watchable concert replays. */
export function concertVodsMore(offset: number, fallback: string) {
  return send(() => api.call(concertsEndpoints.vodList, { offset, limit: TICKET_PAGE_SIZE }), fallback);
}

/** The next page of the caller's tickets (/mypage/details, concert tab). */
export function ticketsMore(offset: number, fallback: string) {
  return send(() => api.call(concertsEndpoints.detailsConcert, { offset, limit: TICKET_PAGE_SIZE }), fallback);
}
