/**
 * A broadcast's thumbnail, or its first letter on a gradient when it has none yet; `badge` top left (LIVE),
 * `corner` bottom right (duration, 19+). Used by the live and replay cards of every list; `small` for a
 * thumbnail a few rem wide (the header's search suggestions).
 */
export function BroadcastThumb({
  src,
  label,
  badge,
  corner,
  small = false,
}: {
  src: string;
  label: string;
  badge?: string;
  corner?: string;
  small?: boolean;
}) {
  return (
    <div
      className={`relative aspect-video overflow-hidden bg-gradient-to-br from-violet-500 to-pink-400 ${small ? 'rounded' : 'rounded-lg'}`}
    >
      {src ? (
        <img src={src} alt="" className="h-full w-full object-cover" loading="lazy" />
      ) : (
        <span
          aria-hidden="true"
          className={`flex h-full items-center justify-center font-bold text-white/80 ${small ? 'text-sm' : 'text-3xl'}`}
        >
          {/* The first letter, never half of an emoji's surrogate pair. */}
          {label.match(/[\p{L}\p{N}]/u)?.[0] ?? '★'}
        </span>
      )}
      {badge && <span className="absolute left-2 top-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">{badge}</span>}
      {corner && <span className="absolute bottom-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">{corner}</span>}
    </div>
  );
}
