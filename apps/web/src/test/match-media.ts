type Listener = (event: MediaQueryListEvent) => void;

/** A phone's width: the layout every test gets unless it asks for a wider window. */
const PHONE_WIDTH = 390;
const REM = 16;

/** Evaluates the queries the app uses: `prefers-color-scheme: dark` and `min-width` in px or rem. */
function evaluate(query: string, state: { dark: boolean; width: number }): boolean {
  if (query.includes('prefers-color-scheme: dark')) return state.dark;
  const minWidth = /min-width:\s*([\d.]+)(px|rem)/.exec(query);
  if (minWidth) return state.width >= Number(minWidth[1]) * (minWidth[2] === 'rem' ? REM : 1);
  return false;
}

/**
 * A controllable matchMedia for jsdom (which has none): the OS dark mode and the window's width.
 * Each query's listeners hear only about changes to that query, as in a browser.
 */
export function installMatchMedia(initiallyDark: boolean, { width = PHONE_WIDTH }: { width?: number } = {}) {
  const state = { dark: initiallyDark, width };
  const lists = new Map<string, { matches: boolean; listeners: Set<Listener> }>();

  window.matchMedia = (query: string) => {
    let entry = lists.get(query);
    if (!entry) {
      entry = { matches: evaluate(query, state), listeners: new Set() };
      lists.set(query, entry);
    }
    const { listeners } = entry;
    return {
      get matches() {
        return evaluate(query, state);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };

  function notifyChanged() {
    for (const [query, entry] of lists) {
      const matches = evaluate(query, state);
      if (matches === entry.matches) continue;
      entry.matches = matches;
      for (const listener of entry.listeners) listener({ matches, media: query } as MediaQueryListEvent);
    }
  }

  return {
    /** Simulates the OS switching dark mode on or off. */
    setDark(next: boolean) {
      state.dark = next;
      notifyChanged();
    },
    /** Simulates resizing the window to `next` CSS pixels wide. */
    setWidth(next: number) {
      state.width = next;
      notifyChanged();
    },
  };
}
