import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ChatRoom } from '../chat';

interface CallStore<S> {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => S;
  dispose: () => void;
}

const noStore = () => () => {};

/**
 * One call store (GuestCall or StudioCall) per chat room and broadcast, disposed when either changes or the
 * page goes, and its snapshot (`empty` before the room exists and on the server). `make` may load the
 * call's code first (a promise): the play page's guest call loads once its chat room exists, not with the
 * page (issue 20).
 */
/** `make` must be stable (defined at module level): a new one replaces the call. */
export function useCall<S, C extends CallStore<S>>(
  room: ChatRoom | null,
  vodKey: string,
  make: (room: ChatRoom, vodKey: string) => C | Promise<C>,
  empty: S,
) {
  const [call, setCall] = useState<C | null>(null);
  useEffect(() => {
    if (!room) return;
    let created: C | null = null;
    let gone = false;
    const made = make(room, vodKey);
    const use = (c: C) => {
      if (gone) return c.dispose();
      created = c;
      setCall(c);
    };
    if (made instanceof Promise) made.then(use, () => {});
    else use(made);
    return () => {
      gone = true;
      if (!created) return;
      const own = created;
      own.dispose();
      setCall((current) => (current === own ? null : current));
    };
  }, [room, vodKey, make]);
  const none = () => empty;
  const snap = useSyncExternalStore(call?.subscribe ?? noStore, call?.getSnapshot ?? none, none);
  return { call, snap };
}
