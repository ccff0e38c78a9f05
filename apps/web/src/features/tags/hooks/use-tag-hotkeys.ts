import type { CodeButton } from '@app/contracts/film';
import { useEffect, useRef } from 'react';

import { hotkeyAction, type Chip } from '@/features/tags/utils/hotkeys';

type Handlers = { onPress: (button: CodeButton) => void; onLabel: (label: string) => void };

/**
 * The code window's keys anywhere on the page (see `hotkeyAction`): a button's hotkey presses it, an
 * offered label's digit adds the label. A key another handler took (the player's) is left alone.
 */
export function useTagHotkeys(buttons: readonly CodeButton[], chips: readonly Chip[], handlers: Handlers) {
  const latest = useRef({ buttons, chips, handlers });
  useEffect(() => {
    latest.current = { buttons, chips, handlers };
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const { buttons: current, chips: offered, handlers: on } = latest.current;
      const action = hotkeyAction(event, current, offered);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'press') on.onPress(action.button);
      else on.onLabel(action.label);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
