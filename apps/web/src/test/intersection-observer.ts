import { vi } from 'vitest';

/**
 * An IntersectionObserver for jsdom (which has none), for lists that page on scroll. Call it in
 * `beforeEach`; `scrollToEnd()` tells the newest observer that what it watches (the list's end) came
 * into view.
 */
export function installIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      elements: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, elements: this.elements });
      }
      observe(element: Element) {
        this.elements.push(element);
      }
      disconnect() {}
    },
  );
  return {
    scrollToEnd() {
      const sentinel = observers.at(-1)!;
      sentinel.callback(sentinel.elements.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), {} as never);
    },
  };
}
