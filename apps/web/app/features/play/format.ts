/** A duration as h:mm:ss (or m:ss under an hour), as players show it. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A random id for this tab (heartbeats of a signed-out viewer count once per tab). */
export function tabViewerId(): string {
  const KEY = 'byeol_viewer_id';
  try {
    const known = sessionStorage.getItem(KEY);
    if (known) return known;
    const id = crypto.randomUUID();
    sessionStorage.setItem(KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}
