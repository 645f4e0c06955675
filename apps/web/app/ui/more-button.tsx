/**
 * "More" under a list: the next page in place; a failure shows its message under the button. The labels
 * come from the caller's namespace (ui/ knows no feature).
 */
export function MoreButton({
  onMore,
  busy,
  error,
  label,
  busyLabel,
}: {
  onMore: () => void;
  busy: boolean;
  error: string;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={onMore}
        disabled={busy}
        className="min-h-11 rounded-full border border-neutral-300 px-6 py-2 text-sm font-semibold hover:bg-neutral-100 disabled:opacity-50"
        data-more
      >
        {busy ? busyLabel : label}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
