import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'teamfilm.show-drawings';
const listeners = new Set<() => void>();
/** The choice made while storage refused it (a private window's quota, a policy): kept for this page only. */
let unstored: boolean | null = null;

function read(): boolean {
  if (unstored !== null) return unstored;
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** "Show drawings", remembered by this browser (on unless switched off), the same in every player and tab. */
export function useShowDrawings(): [boolean, (show: boolean) => void] {
  const show = useSyncExternalStore(subscribe, read, () => true);
  const setShow = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, String(next));
      unstored = null;
    } catch {
      unstored = next;
    }
    for (const listener of listeners) listener();
  }, []);
  return [show, setShow];
}
