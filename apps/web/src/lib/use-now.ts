import { useEffect, useState } from 'react';

/**
 * The current time as state, moved on every `intervalMs`: render stays pure (no Date.now() in it)
 * and what depends on the clock (the 8-day trial window) still changes while the page stays open.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
