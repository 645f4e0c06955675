import { describe, expect, it } from 'vitest';
import { formatCountdown } from './phone-verify';

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds, rounding up and never below zero', () => {
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(179.2)).toBe('3:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(0.4)).toBe('0:01');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
