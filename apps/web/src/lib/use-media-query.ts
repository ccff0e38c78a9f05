import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint (64rem): the laptop layout starts here, phones and tablets stay below it. */
export const LAPTOP_QUERY = '(min-width: 64rem)';

function mediaQuery(query: string): MediaQueryList | undefined {
  // matchMedia is missing in some embedded/test environments; they get the phone layout.
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;
}

/** Whether a media query matches now, following live changes (a window resized across a breakpoint). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}

/** The laptop layout (side bar, wide pages) rather than the phone one (bottom bar, one column). */
export function useIsLaptop(): boolean {
  return useMediaQuery(LAPTOP_QUERY);
}
