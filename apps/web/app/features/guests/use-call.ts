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
 * page goes, and its snapshot (`empty` before the room exists and on the server).
 */
/** `make` must be stable (defined at module level): a new one replaces the call. */
export function useCall<S, C extends CallStore<S>>(
  room: ChatRoom | null,
  vodKey: string,
  make: (room: ChatRoom, vodKey: string) => C,
  empty: S,
) {
  const [call, setCall] = useState<C | null>(null);
  useEffect(() => {
    if (!room) return;
    const created = make(room, vodKey);
    setCall(created);
    return () => {
      created.dispose();
      setCall((current) => (current === created ? null : current));
    };
  }, [room, vodKey, make]);
  const none = () => empty;
  const snap = useSyncExternalStore(call?.subscribe ?? noStore, call?.getSnapshot ?? none, none);
  return { call, snap };
}
