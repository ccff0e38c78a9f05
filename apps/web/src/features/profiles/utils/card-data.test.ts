import { sportName } from '@app/contracts/live';
import { describe, expect, it } from 'vitest';

import { displayName, socialLink } from '@/features/profiles/utils/card-data';

describe('profile card data', () => {
  it('links a handle or an https address, and never another scheme', () => {
    expect(socialLink('instagram', '@jordan.hoops')).toEqual({ label: '@jordan.hoops', href: 'https://www.instagram.com/jordan.hoops' });
    expect(socialLink('tiktok', 'jordan')).toEqual({ label: '@jordan', href: 'https://www.tiktok.com/@jordan' });
    expect(socialLink('twitter', 'https://x.com/jordan')).toEqual({ label: '@jordan', href: 'https://x.com/jordan' });
    expect(socialLink('twitter', 'javascript:alert(1)')).toEqual({ label: 'javascript:alert(1)', href: null });
  });

  it('names sports by code and people by their names', () => {
    expect(sportName('BBK')).toBe('Basketball');
    expect(sportName('Ultimate')).toBe('Ultimate');
    expect(displayName({ username: 'jordan', firstname: 'Jordan', lastname: 'Miles' })).toBe('Jordan Miles');
    expect(displayName({ username: 'jordan', name: ' ' })).toBe('jordan');
  });
});
