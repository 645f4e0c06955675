import type { Challenge } from './achieve-rules';

/**
 * The icons of /mypage/achieve as inline SVG (no emoji: a phone without an emoji font would show boxes).
 * Decorative: the text beside each says what it is.
 */

const PATHS: Record<Challenge, string[]> = {
  // A screen on a stand.
  viewer: ['M3 5h18v11H3z', 'M8 20h8', 'M12 16v4'],
  // A clock at half past.
  realtime_30: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z', 'M12 7v5l0 5'],
  // A clock at the full hour with a full circle mark.
  realtime_60: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z', 'M12 7v5h4'],
  // A heart.
  recommend: ['M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z'],
  // A star.
  use_star: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
};

export function ChallengeIcon({ challenge, className = 'size-5' }: { challenge: Challenge; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {PATHS[challenge].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** A medal: a ribbon and a disc with a star, in the colour of the element it sits in. */
export function MedalIcon({ className = 'size-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path d="M7 2h4l2 6H9zM13 2h4l-2 6h-4z" fill="currentColor" opacity={0.55} />
      <circle cx="12" cy="15" r="7" fill="currentColor" />
      <path d="M12 11l1.2 2.5 2.7.4-2 1.9.5 2.7-2.4-1.3-2.4 1.3.5-2.7-2-1.9 2.7-.4z" fill="white" />
    </svg>
  );
}
