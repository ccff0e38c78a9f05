import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { installMatchMedia } from '@/test/match-media';

// jsdom lacks these browser APIs that Radix (popper sizing) relies on.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
// ScrollRestoration scrolls on navigation; jsdom does not implement scrolling.
window.scrollTo = () => {};

beforeEach(() => {
  installMatchMedia(false);
  // Unit tests never reach a network: a test that expects calls stubs fetch itself (vi.stubGlobal).
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => Promise.reject(new TypeError(`fetch is not stubbed in this test: ${String(input)}`))),
  );
});

afterEach(() => {
  // Vitest globals are off, so Testing Library cannot register its own cleanup.
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  document.documentElement.className = '';
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});
