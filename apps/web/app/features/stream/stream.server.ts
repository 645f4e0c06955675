import { ResultCode, type StreamGuideInfo, type StreamInfo, streamEndpoints } from '@byeol/contract';
import type { AppLoadContext } from 'react-router';
import { callApi } from '../../lib/endpoint.server';

/** What /mypage/stream renders: the page, the BJ-only explanation, or the sign-in gate (null info). */
export type StreamPageData = { kind: 'bj'; info: StreamInfo } | { kind: 'bj-only' } | { kind: 'signed-out' };

/** GET /v1/mypage/stream_info with the page request's cookie (the key masked: revealing is a click). */
export async function loadStreamPage(context: AppLoadContext): Promise<StreamPageData> {
  try {
    const body = await callApi<StreamInfo>(context, `/v1${streamEndpoints.info.path}`);
    if (body.rslt_cd === 0) return { kind: 'bj', info: body.rslt_set };
    if (body.rslt_cd === ResultCode.STREAM_BJ_ONLY) return { kind: 'bj-only' };
    return { kind: 'signed-out' };
  } catch {
    return { kind: 'signed-out' };
  }
}

/** The RTMP URL the guides fill in; empty when the API could not say (the guide then shows a placeholder). */
export async function loadGuideInfo(context: AppLoadContext): Promise<StreamGuideInfo> {
  try {
    const body = await callApi<StreamGuideInfo>(context, `/v1${streamEndpoints.guideInfo.path}`);
    return body.rslt_cd === 0 ? body.rslt_set : { rtmp_url: '' };
  } catch {
    return { rtmp_url: '' };
  }
}
