import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useInfiniteScroll } from '@/lib/use-infinite-scroll';

class FakeObserver {
  static instances: FakeObserver[] = [];
  elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.elements = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The sentinel scrolls into (or out of) view. */
  show(isIntersecting = true) {
    act(() => this.callback(this.elements.map((target) => ({ isIntersecting, target }) as IntersectionObserverEntry), this as never));
  }
}

function List({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  const ref = useInfiniteScroll({ hasMore, loading, onLoadMore });
  return <div ref={ref}>end</div>;
}

describe('useInfiniteScroll', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the next page when the end of the list comes into view', () => {
    const onLoadMore = vi.fn();
    render(<List hasMore loading={false} onLoadMore={onLoadMore} />);
    const observer = FakeObserver.instances.at(-1)!;
    observer.show(false);
    expect(onLoadMore).not.toHaveBeenCalled();
    observer.show(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('does not load while a page is loading, nor at the end', () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<List hasMore loading onLoadMore={onLoadMore} />);
    FakeObserver.instances.at(-1)!.show(true);
    expect(onLoadMore).not.toHaveBeenCalled();
    // The page arrived and the end is still in view (a short page): the next one is fetched.
    rerender(<List hasMore loading={false} onLoadMore={onLoadMore} />);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<List hasMore={false} loading={false} onLoadMore={onLoadMore} />);
    FakeObserver.instances.at(-1)!.show(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});
