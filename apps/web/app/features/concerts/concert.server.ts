import { type ConcertInfo, concertsEndpoints, ResultCode } from '@byeol/contract';
import { type AppLoadContext, data } from 'react-router';
import { loadEndpoint } from '../../lib/endpoint.server';
import { CONCERT_MISSING, concertSnOf } from './concert-rules';

/** What a concert page's loader hands it: the concert, or SERVICE_PREPARING's message while the switch is off. */
export interface ConcertInfoData {
  info: ConcertInfo | null;
  /** SERVICE_PREPARING's message while the concert switch is off; '' otherwise. */
  preparing: string;
}

/**
 * GET /concert/concert_info for the pages of one concert (/concert/{id}, /concert/detail/{id},
 * /concert/waiting/{id}). An unknown concert (or an id that names none) is a 404; an unreachable or failing API a 503.
 */
export async function loadConcertInfo(context: AppLoadContext, rawId: string | undefined): Promise<ConcertInfoData> {
  const concertSn = concertSnOf(rawId);
  if (!concertSn) throw data(null, { status: 404 });
  const body = await loadEndpoint(context, concertsEndpoints.info, { concert_sn: concertSn });
  if (body.rslt_cd === 0) return { info: body.rslt_set, preparing: '' };
  if (body.rslt_cd === ResultCode.SERVICE_PREPARING) return { info: null, preparing: body.rslt_msg };
  if (CONCERT_MISSING.includes(body.rslt_cd)) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}
