/** The text of a post or comment: plain text with its line breaks, never HTML (`name` marks it for tests). */
export function PlainText({ text, name, className = '' }: { text: string; name: string; className?: string }) {
  return (
    <div className={`whitespace-pre-wrap [overflow-wrap:anywhere] ${className}`} data-plain-text={name}>
      {text}
    </div>
  );
}
