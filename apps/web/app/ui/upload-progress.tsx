/**
 * An upload's progress under its picker: a bar (announced by `label`) and the percentage as `text` says it
 * ('업로드 중… 42%'). `fraction` is 0..1.
 */
export function UploadProgress({ fraction, label, text }: { fraction: number; label: string; text: (percent: number) => string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="mt-2" data-upload-progress={percent}>
      <progress className="h-2 w-full accent-brand" value={percent} max={100} aria-label={label} />
      <p className="text-xs text-neutral-600">{text(percent)}</p>
    </div>
  );
}
