import { ChatClient, type ChatClientOptions, type ChatClientSnapshot } from './chat-client';
import { type ChatModel, type ChatModelAction, chatReducer, emptyModel } from './chat-model';

/** What a view of a room reads: the reduced model and the connection. */
export interface ChatRoomSnapshot {
  model: ChatModel;
  connection: ChatClientSnapshot;
}

/**
 * A chat client and the model its frames make, as one store with subscribe/getSnapshot (React reads it
 * with useSyncExternalStore; the effects page and the panel share it). Framework-free.
 */
export class ChatRoom {
  readonly client: ChatClient;
  private snap: ChatRoomSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(options: ChatClientOptions) {
    this.client = new ChatClient(options);
    this.snap = { model: emptyModel(), connection: this.client.snapshot };
    this.client.on('state', (connection) => this.set({ ...this.snap, connection }));
    this.client.on('joined', (answer) => this.dispatch({ type: 'joined', answer }));
    this.client.on('frames', (frames) => this.dispatch({ type: 'frames', frames }));
  }

  dispatch(action: ChatModelAction): void {
    this.set({ ...this.snap, model: chatReducer(this.snap.model, action) });
  }

  private set(next: ChatRoomSnapshot): void {
    this.snap = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatRoomSnapshot => this.snap;

  /** Asks for the user list and remembers its users (for `/w nick` and the count). */
  async loadUsers() {
    const list = await this.client.userList();
    if (list) this.dispatch({ type: 'users', users: list.user_list, total: list.user_total_count });
    return list;
  }
}

/** The snapshot views show before a room exists (server render, first paint). */
export const INITIAL_ROOM_SNAPSHOT: ChatRoomSnapshot = {
  model: emptyModel(),
  connection: { status: 'idle', attempt: 0, host: null, ended: null, lastError: null },
};
