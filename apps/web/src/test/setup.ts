import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { installMatchMedia } from '@/test/match-media';

// Node 25+ has Web Storage globals of its own (unusable without --localstorage-file), and Vitest 4
// keeps a global that Node already has instead of the test window's. Give the tests the window's own
// storage, as on Node 20 to 24 (where this only restates what Vitest did).
const { window: testWindow } = (globalThis as unknown as { jsdom: { window: Window } }).jsdom;
for (const name of ['localStorage', 'sessionStorage'] as const) {
  Object.defineProperty(globalThis, name, { configurable: true, enumerable: true, get: () => testWindow[name] });
}

// findBy*/waitFor wait for the DOM to change and return as soon as it does; the bound is only how long
// before a test gives up. Testing Library's 1 s is shorter than the first load of a lazy route module
// (a Vite transform) on a busy machine: router.test failed that way once with nothing wrong.
configure({ asyncUtilTimeout: 10_000 });

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

// jsdom's Blob has no arrayBuffer(), which every browser has had since 2020 (the upload picker reads
// a file's first bytes with it): read through jsdom's own FileReader.
if (!('arrayBuffer' in Blob.prototype)) {
  Object.defineProperty(Blob.prototype, 'arrayBuffer', {
    value(this: Blob) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error ?? new Error('read failed'));
        reader.readAsArrayBuffer(this);
      });
    },
  });
}
