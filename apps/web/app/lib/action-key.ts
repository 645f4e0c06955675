import { ResultCode } from '@byeol/contract';
import { useCallback, useRef, useState } from 'react';

/**
 * Idempotency keys for paying actions (docs/wallet-ledger.md: one key per user action, reused on retries).
 * A key is made on the first press, kept while that press is undecided (no answer arrived, or the ledger was
 * busy and charged nothing), and dropped once an answer decided it or the input changed: the next press is
 * then another action with a new key.
 */

/** A new key for one user action ('web-' and a UUID). */
export function newActionKey(): string {
  return `web-${crypto.randomUUID()}`;
}

/**
 * Whether an answer leaves the action undecided, so pressing again must reuse the key: no answer reached us
 * (-1), or the ledger was busy and charged nothing (WALLET_BUSY). Any other answer is final.
 */
export function keepsActionKey(rsltCd: number): boolean {
  return rsltCd === -1 || rsltCd === ResultCode.WALLET_BUSY;
}

/** The key of the action in progress (framework-free; `useActionKey` wraps it for a form). */
export class ActionKey {
  private current: string | null = null;

  /** The key to send: the undecided action's, else a new one. */
  take(): string {
    this.current ??= newActionKey();
    return this.current;
  }

  /** An answer arrived: keep the key only when it left the action undecided. Answers whether it was kept. */
  answered(rsltCd: number): boolean {
    const keep = keepsActionKey(rsltCd);
    if (!keep) this.current = null;
    return keep;
  }

  /** The input changed: that is another action. */
  reset(): void {
    this.current = null;
  }
}

/**
 * One idempotency key per user action for a form: `take()` before sending, `answered(rslt_cd)` after,
 * `reset()` on every input change. `undecided` is true after an answer that kept the key (the button can say
 * "try again": the same action, not a second one).
 */
export function useActionKey() {
  const ref = useRef<ActionKey | null>(null);
  ref.current ??= new ActionKey();
  const [undecided, setUndecided] = useState(false);
  const take = useCallback(() => (ref.current as ActionKey).take(), []);
  const answered = useCallback((rsltCd: number) => setUndecided((ref.current as ActionKey).answered(rsltCd)), []);
  const reset = useCallback(() => {
    (ref.current as ActionKey).reset();
    setUndecided(false);
  }, []);
  return { take, answered, reset, undecided };
}
