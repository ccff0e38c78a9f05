import { afterEach, describe, expect, it, vi } from 'vitest';

import { joinUrl } from '@/lib/auth/identity-call';

afterEach(() => {
  vi.useRealTimers();
});

describe('joinUrl', () => {
  it('collapses duplicate slashes but keeps the scheme', () => {
    expect(joinUrl('http://localhost:3000/v0/', '/auth//refresh')).toBe('http://localhost:3000/v0/auth/refresh');
    expect(joinUrl('/v0/', 'tenants/t/mode')).toBe('/v0/tenants/t/mode');
  });
});
