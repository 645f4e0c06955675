/** Durations are shared with every feature (lib/format.ts). */
export { formatDuration } from '../../lib/format';

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
