import { useEffect } from 'react';

import { shortcutFor, type PlayerAction } from '@/components/player/shortcuts';

/**
 * The keyboard shortcuts (see `shortcutFor`) work anywhere on the page (the player is the page's
 * subject), except where the key belongs to what has focus. `runAction` should be stable (useCallback).
 */
export function usePlayerShortcuts(runAction: (action: PlayerAction) => void) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      runAction(action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [runAction]);
}
