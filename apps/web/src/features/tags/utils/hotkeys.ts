import { PLAYER_KEYS, type CodeButton } from '@app/contracts/film';

import { isEditable } from '@/components/player/shortcuts';

type KeyLike = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'repeat'> & { target: EventTarget | null };

/** A label offered after a press, with the digit that adds it (null: tap only). */
export type Chip = { label: string; key: string | null };

/** What a key does in the code window: press a button, add a label to the instance just made, or nothing. */
export type HotkeyAction = { kind: 'press'; button: CodeButton } | { kind: 'label'; label: string } | null;

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

/**
 * The offered labels with their digits, 1 to 9 then 0, skipping the digits a button uses: a button's
 * hotkey keeps working while the labels are offered (pressing it again extends its instance).
 */
export function chipsFor(labels: readonly string[], buttons: readonly Pick<CodeButton, 'hotkey'>[]): Chip[] {
  const bound = new Set(buttons.map((b) => b.hotkey));
  const free = DIGITS.filter((d) => !bound.has(d));
  return labels.map((label, i) => ({ label, key: free[i] ?? null }));
}

/**
 * The code window's keys: a button's hotkey (a letter or digit, either case) or an offered label's digit.
 * Never with Alt, Ctrl or Cmd (the browser's and the system's shortcuts), never a held key's repeats, never
 * while a field, select or menu has focus (as the player's own shortcuts), and never one of the player's
 * letters, even from a window saved before the rule.
 */
export function hotkeyAction(event: KeyLike, buttons: readonly CodeButton[], chips: readonly Chip[]): HotkeyAction {
  if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return null;
  if (event.target instanceof Element && isEditable(event.target)) return null;
  const key = event.key.toLowerCase();
  if (!/^[a-z0-9]$/.test(key) || (PLAYER_KEYS as readonly string[]).includes(key)) return null;
  const button = buttons.find((b) => b.hotkey === key);
  if (button) return { kind: 'press', button };
  const chip = chips.find((c) => c.key === key);
  return chip ? { kind: 'label', label: chip.label } : null;
}
