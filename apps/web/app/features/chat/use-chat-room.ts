import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { useLang, useSite } from '../../lib/use-site';
import { ChatRoom, type ChatRoomSnapshot, INITIAL_ROOM_SNAPSHOT } from './chat-room';

const noRoom = () => () => {};
const initial = () => INITIAL_ROOM_SNAPSHOT;

/**
 * Joins the chat of `vodKey` while mounted (in the browser only) and answers the room and its snapshot.
 * A new sign-in or sign-out (`userKey`) connects again, so the join carries the right token.
 */
export function useChatRoom(
  vodKey: string,
  options: { enabled: boolean; userKey: number },
): { room: ChatRoom | null; snap: ChatRoomSnapshot } {
  const siteKey = useSite()?.site.asp_key ?? 1;
  const lang = useLang();
  const [room, setRoom] = useState<ChatRoom | null>(null);
  const { enabled, userKey } = options;

  useEffect(() => {
    if (!enabled || !vodKey) return;
    // userKey is a dependency on purpose: the member's token differs from the guest's.
    void userKey;
    const created = new ChatRoom({ vodKey, siteKey, lang, api });
    setRoom(created);
    created.client.start();
    const leave = () => void created.client.leave();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      void created.client.leave();
      setRoom((current) => (current === created ? null : current));
    };
  }, [enabled, vodKey, siteKey, lang, userKey]);

  const snap = useSyncExternalStore(room?.subscribe ?? noRoom, room?.getSnapshot ?? initial, initial);
  return { room, snap };
}
