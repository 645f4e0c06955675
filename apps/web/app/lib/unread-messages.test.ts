import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('./api', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

type Store = typeof import('./unread-messages');
let store: Store;

/** An answer the test resolves when it likes. */
function deferred(count: number) {
  let resolve: () => void = () => undefined;
  const answer = new Promise((r) => {
    resolve = () => r({ rslt_cd: 0, rslt_msg: '', rslt_set: { unread_cnt: count } });
  });
  return { answer, resolve };
}

beforeEach(async () => {
  vi.resetModules();
  call.mockReset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_000_000);
  store = await import('./unread-messages');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('unread messages store', () => {
  it('asks once for a load and a route change at once, and answers the count to its member only', async () => {
    call.mockResolvedValue({ rslt_cd: 0, rslt_msg: '', rslt_set: { unread_cnt: 3 } });
    await Promise.all([store.refreshUnreadMessages(7, 0), store.refreshUnreadMessages(7, store.ROUTE_REFRESH_MS)]);
    expect(call).toHaveBeenCalledTimes(1);
    expect(store.unreadMessagesOf(7)).toBe(3);
    expect(store.unreadMessagesOf(8)).toBeNull();
    expect(store.unreadMessagesOf(0)).toBeNull();
  });

  it('a route change asks again only after 30 s; a focus (maxAge 0) always asks', async () => {
    call.mockResolvedValue({ rslt_cd: 0, rslt_msg: '', rslt_set: { unread_cnt: 1 } });
    await store.refreshUnreadMessages(7, 0);
    vi.setSystemTime(1_000_000 + store.ROUTE_REFRESH_MS - 1);
    await store.refreshUnreadMessages(7, store.ROUTE_REFRESH_MS);
    expect(call).toHaveBeenCalledTimes(1);
    await store.refreshUnreadMessages(7, 0);
    expect(call).toHaveBeenCalledTimes(2);
    vi.setSystemTime(1_000_000 + 2 * store.ROUTE_REFRESH_MS + 1);
    await store.refreshUnreadMessages(7, store.ROUTE_REFRESH_MS);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('a count set while a question is on its way wins over its older answer', async () => {
    const late = deferred(5);
    call.mockReturnValue(late.answer);
    const asked = store.refreshUnreadMessages(7, 0);
    store.setUnreadMessages(7, 2);
    late.resolve();
    await asked;
    expect(store.unreadMessagesOf(7)).toBe(2);
    // Reading a message sets it lower at once; a route change right after does not ask.
    store.setUnreadMessages(7, 1);
    await store.refreshUnreadMessages(7, store.ROUTE_REFRESH_MS);
    expect(call).toHaveBeenCalledTimes(1);
    expect(store.unreadMessagesOf(7)).toBe(1);
  });

  it('forgets the count on sign-out, a refusal or another member', async () => {
    store.setUnreadMessages(7, 4);
    await store.refreshUnreadMessages(0);
    expect(store.unreadMessagesOf(7)).toBeNull();
    call.mockResolvedValue({ rslt_cd: 1001, rslt_msg: 'login', rslt_set: null });
    store.setUnreadMessages(7, 4);
    await store.refreshUnreadMessages(7, 0);
    expect(store.unreadMessagesOf(7)).toBeNull();
    call.mockRejectedValue(new Error('offline'));
    store.setUnreadMessages(9, 6);
    await store.refreshUnreadMessages(9, 0);
    expect(store.unreadMessagesOf(9)).toBe(6);
  });
});
