/**
 * A broadcast's thumbnail, or its first letter on a gradient when it has none yet; `badge` top left (LIVE),
 * `corner` bottom right (duration, 19+). Used by the live and replay cards of every list.
 */
export function BroadcastThumb({ src, label, badge, corner }: { src: string; label: string; badge?: string; corner?: string }) {
  return (
    <div className="relative aspect-video overflow-hidden rounded-lg bg-gradient-to-br from-violet-500 to-pink-400">
      {src ? (
        <img src={src} alt="" className="h-full w-full object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="flex h-full items-center justify-center text-3xl font-bold text-white/80">
          {/* The first letter, never half of an emoji's surrogate pair. */}
          {label.match(/[\p{L}\p{N}]/u)?.[0] ?? '★'}
        </span>
      )}
      {badge && <span className="absolute left-2 top-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">{badge}</span>}
      {corner && <span className="absolute bottom-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">{corner}</span>}
    </div>
  );
}
