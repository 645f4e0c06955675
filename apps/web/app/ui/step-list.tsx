/** Whole class names, so Tailwind sees them. */
const COLUMNS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' };

/**
 * The steps of a multi-step page (the join, the recovery pages), the current one (0-based) marked for
 * sight and for screen readers; `stepOf` says "step n of total" in the page's words.
 */
export function StepList({
  names,
  current,
  stepOf,
}: {
  names: readonly string[];
  current: number;
  stepOf: (n: number, total: number) => string;
}) {
  return (
    <ol className={`mb-6 grid gap-2 text-center text-xs sm:text-sm ${COLUMNS[names.length] ?? 'grid-cols-4'}`}>
      {names.map((name, i) => (
        <li
          key={name}
          aria-current={current === i ? 'step' : undefined}
          className={`rounded-lg border px-2 py-2 ${current === i ? 'border-brand bg-brand/10 font-bold text-brand-dark' : current > i ? 'border-neutral-200 text-neutral-700' : 'border-neutral-200 text-neutral-500'}`}
        >
          <span className="sr-only">{stepOf(i + 1, names.length)}: </span>
          {name}
        </li>
      ))}
    </ol>
  );
}
