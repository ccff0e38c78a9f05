export type PlayerAction =
  | 'toggle-play'
  | 'back'
  | 'forward'
  | 'frame-back'
  | 'frame-forward'
  | 'fullscreen'
  | 'mute'
  | 'mark-in'
  | 'mark-out';

type KeyLike = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'> & { target: EventTarget | null };

/**
 * Film-study shortcuts: space play/pause, left/right arrows 5 s, `,` and `.` one frame back and
 * forward (as in YouTube and most editors), `f` fullscreen, `m` mute, `i` and `o` a clip's in and out
 * points (as in every video editor). They work whatever control has
 * focus: after clicking Next frame, Space must play, not step again. Null when the key is not ours,
 * or belongs to what has focus: typing in a field, choosing in a select or an open menu.
 */
export function shortcutFor(event: KeyLike): PlayerAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target && isEditable(target)) return null;
  switch (event.key) {
    case ' ':
    case 'Spacebar':
      return 'toggle-play';
    case 'ArrowLeft':
      return 'back';
    case 'ArrowRight':
      return 'forward';
    case ',':
    case '<':
      return 'frame-back';
    case '.':
    case '>':
      return 'frame-forward';
    case 'f':
    case 'F':
      return 'fullscreen';
    case 'm':
    case 'M':
      return 'mute';
    case 'i':
    case 'I':
      return 'mark-in';
    case 'o':
    case 'O':
      return 'mark-out';
    default:
      return null;
  }
}

/**
 * Text fields and selects take every key; an open menu or list box takes Space and the arrows to choose.
 * Other page shortcuts (the code window's hotkeys) leave the same elements their keys.
 */
export function isEditable(element: Element): boolean {
  if (element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="listbox"], [role="menu"]')) return true;
  return element instanceof HTMLElement && element.isContentEditable;
}
