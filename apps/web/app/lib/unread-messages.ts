import { channelsEndpoints } from '@byeol/contract';
import { useSyncExternalStore } from 'react';
import { api } from './api';

/**
 * The signed-in member's unread message count (GET /mypage/message_unread_cnt), shared by the header's
 * badge and the message box: one small store outside React. The header asks on load, on a route change
 * (at most once per ROUTE_REFRESH_MS) and when the window regains focus; the message box sets it from its
 * own answers (message_more, message_read_proc, message_delete_proc), so reading a message drops the badge
 * at once. A question answered after a newer count was set is dropped.
 */

/** A route change asks again only when the count is older than this. */
export const ROUTE_REFRESH_MS = 30_000;

interface State {
  /** Whose count it is (a sign-out or another member's sign-in starts over). */
  userKey: number;
  /** null until known. */
  count: number | null;
}

let state: State = { userKey: 0, count: null };
/** When the count was last asked or set (ms since the epoch), and how many sets there have been. */
let askedAt = 0;
let version = 0;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function emit(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const countOf = (snapshot: State | null, userKey: number) =>
  snapshot && snapshot.userKey === userKey && userKey !== 0 ? snapshot.count : null;

/** The count for `userKey` (0: signed out) as the store holds it now; null until known. */
export const unreadMessagesOf = (userKey: number): number | null => countOf(state, userKey);

/** The count for `userKey` (0: signed out), null until known (and during the server's render). */
export function useUnreadMessages(userKey: number): number | null {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => null,
  );
  return countOf(snapshot, userKey);
}

/** Sets the count from an answer that carries it (the message box's unread_cnt). */
export function setUnreadMessages(userKey: number, count: number) {
  if (!userKey || !Number.isFinite(count)) return;
  version += 1;
  askedAt = Date.now();
  if (state.userKey !== userKey || state.count !== count) emit({ userKey, count: Math.max(0, Math.trunc(count)) });
}

/**
 * Asks the server for `userKey`'s count unless it was asked or set within `maxAgeMs` (0: always), or a
 * question is already on its way (the load's and a focus's at once ask once). Never throws; a failed
 * question keeps the last count (a refused one, LOGIN_REQUIRED, clears it).
 */
export function refreshUnreadMessages(userKey: number, maxAgeMs = 0): Promise<void> {
  if (!userKey) {
    if (state.userKey !== 0 || state.count !== null) emit({ userKey: 0, count: null });
    return Promise.resolve();
  }
  if (state.userKey !== userKey) {
    askedAt = 0;
    emit({ userKey, count: null });
  }
  if (inFlight) return inFlight;
  if (maxAgeMs > 0 && Date.now() - askedAt < maxAgeMs) return Promise.resolve();
  askedAt = Date.now();
  const asked = version;
  inFlight = api
    .call(channelsEndpoints.messageUnread, {})
    .then((res) => {
      if (version !== asked || state.userKey !== userKey) return;
      if (res.rslt_cd === 0) emit({ userKey, count: Math.max(0, res.rslt_set.unread_cnt) });
      else emit({ userKey, count: null });
    })
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
