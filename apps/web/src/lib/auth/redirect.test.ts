import { describe, expect, it } from 'vitest';

import { redirectQueryParam, safeRedirectPath } from '@/lib/auth/redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/team', '/team'],
    ['/library/videos?sort=new#top', '/library/videos?sort=new#top'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'team', '', null, undefined])(
    'refuses %j',
    (value) => {
      expect(safeRedirectPath(value)).toBeUndefined();
    },
  );

  it('reads the redirect parameter of a query string', () => {
    expect(redirectQueryParam('?redirect=%2Flive%2Fs1')).toBe('/live/s1');
    expect(redirectQueryParam('?other=1')).toBeUndefined();
  });
});
