import { useCallback, useEffect, useState } from 'react';

/** Fullscreen of the given element (the player with its controls), following the browser's own exits (Esc). */
export function useFullscreen(containerRef: React.RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [containerRef]);

  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void container.requestFullscreen?.().catch(() => undefined);
  }, [containerRef]);

  return { fullscreen, toggleFullscreen };
}
