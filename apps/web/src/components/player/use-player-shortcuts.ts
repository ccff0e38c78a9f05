import { useEffect } from 'react';

import { shortcutFor, type PlayerAction } from '@/components/player/shortcuts';

const isSpace = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Spacebar';

/**
 * The keyboard shortcuts (see `shortcutFor`) work anywhere on the page (the player is the page's
 * subject), whatever control has focus, except where the key belongs to a field or a menu.
 * `runAction` should be stable (useCallback).
 *
 * Space on a focused button is also the browser's "click it": Chromium clicks on keyup unless the
 * keydown was cancelled, Firefox unless the keyup is. Both are cancelled for a Space we took, or
 * the focused Next frame button would step again instead of the video playing.
 */
export function usePlayerShortcuts(runAction: (action: PlayerAction) => void) {
  useEffect(() => {
    let tookSpace = false;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      if (isSpace(event)) tookSpace = true;
      runAction(action);
    }
    function onKeyUp(event: KeyboardEvent) {
      if (!isSpace(event) || !tookSpace) return;
      tookSpace = false;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [runAction]);
}
