import { UI_TIMING } from '@byeol/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDialogApi } from './dialog-api';
import { DialogStore } from './dialog-store';

function setup() {
  const store = new DialogStore();
  const api = createDialogApi(store);
  const changes = vi.fn();
  store.subscribe(changes);
  const top = () => store.getSnapshot().dialogs.at(-1);
  return { store, api, changes, top };
}

describe('dialog store and API', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast for 3000 ms (SPEC §9)', () => {
    const { store, api } = setup();
    api.toast('저장되었습니다');
    expect(store.getSnapshot().toasts.map((t) => t.message)).toEqual(['저장되었습니다']);
    vi.advanceTimersByTime(UI_TIMING.toastMs - 1);
    expect(store.getSnapshot().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().toasts).toHaveLength(0);
    expect(UI_TIMING.toastMs).toBe(3000);
  });

  it('stacks toasts and lets one be dismissed early', () => {
    const { store, api } = setup();
    const first = api.toast('a');
    api.toast('b', { duration: 10_000 });
    store.dismissToast(first);
    expect(store.getSnapshot().toasts.map((t) => t.message)).toEqual(['b']);
    vi.advanceTimersByTime(3000);
    expect(store.getSnapshot().toasts.map((t) => t.message)).toEqual(['b']);
  });

  it('closes an auto-closing message after 2000 ms and then resolves', async () => {
    const { store, api, top } = setup();
    const done = vi.fn();
    void api.autoClose('완료').then(done);
    expect(top()?.kind).toBe('autoClose');
    vi.advanceTimersByTime(UI_TIMING.autoCloseMs - 1);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce());
    expect(store.getSnapshot().dialogs).toEqual([]);
    expect(UI_TIMING.autoCloseMs).toBe(2000);
  });

  it('resolves confirm with the answer, and false when dismissed', async () => {
    const { api, top } = setup();
    const yes = api.confirm('삭제하시겠습니까?', { yesNo: true });
    const entry = top();
    expect(entry).toMatchObject({ kind: 'confirm', props: { message: '삭제하시겠습니까?', yesNo: true } });
    if (entry?.kind === 'confirm') entry.close(true);
    await expect(yes).resolves.toBe(true);

    const dismissed = api.confirm('Delete this post?');
    const second = top();
    if (second?.kind === 'confirm') second.close(false);
    await expect(dismissed).resolves.toBe(false);
  });

  it('resolves once: a second close is ignored', async () => {
    const { api, top, store } = setup();
    const answer = api.confirm('?');
    const entry = top();
    if (entry?.kind !== 'confirm') throw new Error('no confirm');
    entry.close(true);
    entry.close(false);
    await expect(answer).resolves.toBe(true);
    expect(store.getSnapshot().dialogs).toEqual([]);
  });

  it("gives layer/full/center content a close that resolves the caller's promise", async () => {
    const { api, top } = setup();
    const picked = api.layer<number>((close) => {
      close(7);
      return null;
    });
    const entry = top();
    if (entry?.kind !== 'layer') throw new Error('no layer');
    entry.props.render(entry.close);
    await expect(picked).resolves.toBe(7);

    const full = api.full(() => null, { title: '전체' });
    expect(top()).toMatchObject({ kind: 'full', props: { title: '전체' } });
    top()?.close(undefined as never);
    await expect(full).resolves.toBeUndefined();
  });

  it('stacks dialogs in opening order and closeAll resolves each as cancelled', async () => {
    const { store, api } = setup();
    const a = api.ok('a');
    const b = api.center(() => null);
    const c = api.form({ title: 'f', fields: [] });
    const d = api.crop({ src: 'data:image/png;base64,' });
    const e = api.confirm('e');
    expect(store.getSnapshot().dialogs.map((x) => x.kind)).toEqual(['ok', 'center', 'form', 'crop', 'confirm']);
    api.toast('t');
    api.closeAll();
    await expect(Promise.all([a, b, c, d, e])).resolves.toEqual([undefined, undefined, null, null, false]);
    expect(store.getSnapshot()).toEqual({ dialogs: [], toasts: [] });
  });

  it('resolves crop with the Blob and cropDetailed with the whole result', async () => {
    const { api, top } = setup();
    const blob = new Blob(['x'], { type: 'image/png' });
    const result = { blob, area: { x: 0, y: 0, width: 1, height: 1 }, fileInfo: null };
    const plain = api.crop({ src: 'a.png', aspect: 1 });
    let entry = top();
    if (entry?.kind === 'crop') entry.close(result);
    await expect(plain).resolves.toBe(blob);
    const detailed = api.cropDetailed({ src: 'a.png' });
    entry = top();
    if (entry?.kind === 'crop') entry.close(result);
    await expect(detailed).resolves.toBe(result);
  });

  it('notifies subscribers and keeps the snapshot stable between changes', () => {
    const { store, api, changes } = setup();
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    void api.ok('x');
    expect(changes).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
  });
});
