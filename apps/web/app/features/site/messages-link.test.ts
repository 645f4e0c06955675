import { describe, expect, it } from 'vitest';
import { unreadBubbleText } from './messages-link';

describe('the unread bubble', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(unreadBubbleText(1)).toBe('1');
    expect(unreadBubbleText(99)).toBe('99');
    expect(unreadBubbleText(100)).toBe('99+');
    expect(unreadBubbleText(12_345)).toBe('99+');
  });
});
