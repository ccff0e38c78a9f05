import { describe, expect, it } from 'vitest';

import { unreadBadge } from '@/features/talk/utils/unread-badge';

describe('unreadBadge', () => {
  it('shows nothing at 0, the count up to 99, then 99+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
});
