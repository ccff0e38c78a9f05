import type { CodeButton } from '@app/contracts/film';
import { describe, expect, it } from 'vitest';

import { chipsFor, hotkeyAction } from '@/features/tags/utils/hotkeys';

const button = (name: string, hotkey: string | null): CodeButton => ({ _id: name, name, color: '#ff0000', hotkey, group: '', leadSeconds: 5, lagSeconds: 5, labels: [] });
const buttons = [button('Shot', 's'), button('Foul', '2'), button('Goal', null)];
const key = (k: string, more: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  repeat: false,
  ...more,
  target,
});

describe('the code window\u2019s keys', () => {
  it('press a button by its hotkey, in either case', () => {
    expect(hotkeyAction(key('s'), buttons, [])).toEqual({ kind: 'press', button: buttons[0] });
    expect(hotkeyAction(key('S'), buttons, [])).toEqual({ kind: 'press', button: buttons[0] });
    expect(hotkeyAction(key('2'), buttons, [])).toEqual({ kind: 'press', button: buttons[1] });
    expect(hotkeyAction(key('x'), buttons, [])).toBeNull();
  });

  it('add an offered label by its digit; a button\u2019s digit stays the button\u2019s', () => {
    const chips = chipsFor(['Left', 'Right', 'Jane'], buttons);
    expect(chips).toEqual([
      { label: 'Left', key: '1' },
      { label: 'Right', key: '3' },
      { label: 'Jane', key: '4' },
    ]);
    expect(hotkeyAction(key('3'), buttons, chips)).toEqual({ kind: 'label', label: 'Right' });
    expect(hotkeyAction(key('2'), buttons, chips)).toEqual({ kind: 'press', button: buttons[1] });
    // Without an offer, digits are only buttons'.
    expect(hotkeyAction(key('3'), buttons, [])).toBeNull();
  });

  it('offer ten digits at most: the rest are tapped', () => {
    const chips = chipsFor(Array.from({ length: 12 }, (_, i) => `L${i}`), []);
    expect(chips.map((c) => c.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', null, null]);
  });

  it('leave the player\u2019s keys, the system\u2019s shortcuts, held keys and fields alone', () => {
    // A window saved before the rule may still name one of the player's keys: the player keeps it.
    const old = [button('Fast break', 'f'), button('Shot', 's')];
    for (const k of ['f', 'm', 'i', 'o', ' ', 'ArrowLeft', 'ArrowRight', ',', '.']) expect(hotkeyAction(key(k), old, [])).toBeNull();
    expect(hotkeyAction(key('s', { ctrlKey: true }), buttons, [])).toBeNull();
    expect(hotkeyAction(key('s', { metaKey: true }), buttons, [])).toBeNull();
    expect(hotkeyAction(key('s', { altKey: true }), buttons, [])).toBeNull();
    expect(hotkeyAction(key('s', { repeat: true }), buttons, [])).toBeNull();
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    const item = menu.appendChild(document.createElement('div'));
    for (const target of [input, textarea, item]) expect(hotkeyAction(key('s', {}, target), buttons, [])).toBeNull();
    // A focused button is not a field: the key still tags.
    expect(hotkeyAction(key('s', {}, document.createElement('button')), buttons, [])).not.toBeNull();
  });
});
