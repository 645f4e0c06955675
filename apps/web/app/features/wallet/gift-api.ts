import {
  type EndpointInput,
  type GiftRankEntry,
  type GiftRankExtra,
  type GiftRankScope,
  IDEMPOTENCY_HEADER,
  type ListSet,
  type StarGiftSet,
  walletEndpoints,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';

/**
 * The star gift calls (docs/wallet-ledger.md) from the browser. Each resolves an envelope, never throws:
 * a refusal carries its message in the caller's language, a network failure rslt_cd -1 with `fallback`.
 */

/** What a gift sends: the contract's request of user_star_use_proc, without the idempotency key (sent as a header). */
export type GiftInput = Omit<EndpointInput<typeof walletEndpoints.gift>, 'idempotency_key'>;

/** POST /star/user_star_use_proc with the action's idempotency key (retried once on a network failure). */
export function sendGift(input: GiftInput, key: string, fallback: string): Promise<Answer<StarGiftSet>> {
  return send(() => api.call(walletEndpoints.gift, input, { headers: { [IDEMPOTENCY_HEADER]: key }, retry: true }), fallback);
}

export type GiftRankList = ListSet<GiftRankEntry> & GiftRankExtra;

/** POST /star/gift_rank. */
export function giftRank(vodKey: string, scope: GiftRankScope, fallback: string): Promise<Answer<GiftRankList>> {
  return send(() => api.call(walletEndpoints.giftRank, { vod_key: vodKey, scope, limit: 10 }), fallback);
}
