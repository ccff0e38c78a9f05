type Listener = (event: MediaQueryListEvent) => void;

/** A controllable `prefers-color-scheme: dark` for jsdom (which has no matchMedia). */
export function installMatchMedia(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<Listener>();

  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('dark') ? dark : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;

  return {
    /** Simulates the OS switching dark mode on or off. */
    setDark(next: boolean) {
      dark = next;
      for (const listener of listeners) listener({ matches: next, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
    },
  };
}
