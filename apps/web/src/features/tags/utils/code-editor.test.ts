import { DUPLICATE_CODE, DUPLICATE_HOTKEY, type CodeButton } from '@app/contracts/film';
import { describe, expect, it } from 'vitest';

import { editorBody, editorRows, fieldKey, FORM_ERROR, moved, newEditorButton, serverErrors, validateEditor, type EditorButton } from '@/features/tags/utils/code-editor';

const saved: CodeButton[] = [
  { _id: 'b1', name: 'Shot', color: '#ff0000', hotkey: 's', group: 'Offense', leadSeconds: 5, lagSeconds: 3, labels: ['Left', 'Right'] },
  { _id: 'b2', name: 'Foul', color: '#00ff00', hotkey: null, group: '', leadSeconds: 2, lagSeconds: 2, labels: [] },
];
const rows = () => editorRows(saved);
const edit = (list: EditorButton[], index: number, change: Partial<EditorButton>) => list.map((r, i) => (i === index ? { ...r, ...change } : r));

describe('the code window editor', () => {
  it('holds a saved window as typed fields and gives it back as the PUT body', () => {
    expect(rows()[0]).toEqual({ rowId: 'b1', _id: 'b1', name: 'Shot', color: '#ff0000', hotkey: 's', group: 'Offense', leadSeconds: '5', lagSeconds: '3', labels: 'Left, Right' });
    expect(editorBody(rows())).toEqual({ buttons: saved });
    const added = [...rows(), { ...newEditorButton(rows()), name: 'Goal', hotkey: ' ', labels: ' a,, b ,' }];
    expect(editorBody(added).buttons[2]).toEqual({ name: 'Goal', color: added[2]!.color, hotkey: null, group: '', leadSeconds: 5, lagSeconds: 5, labels: ['a', 'b'] });
  });

  it('accepts a valid window', () => {
    const result = validateEditor(rows());
    expect(result.errors).toBeNull();
    expect(result.body).toEqual({ buttons: saved });
  });

  it('refuses a duplicate name or hotkey with the contract\u2019s messages, at the second button', () => {
    const twice = edit(edit(rows(), 1, { name: 'shot' }), 1, { hotkey: 'S' });
    expect(validateEditor(twice).errors).toEqual({ [fieldKey('b2', 'name')]: DUPLICATE_CODE('shot'), [fieldKey('b2', 'hotkey')]: DUPLICATE_HOTKEY('s') });
  });

  it('refuses the player\u2019s keys, more than one character, and bad lead and lag, each at its field', () => {
    const errors = validateEditor(edit(rows(), 0, { hotkey: 'f', leadSeconds: '61', lagSeconds: '' })).errors!;
    expect(errors[fieldKey('b1', 'hotkey')]).toBe('The player uses f, m, i, o: choose another hotkey');
    expect(errors[fieldKey('b1', 'leadSeconds')]).toBe('At most 60 seconds');
    expect(errors[fieldKey('b1', 'lagSeconds')]).toBe('Enter 0 to 60 seconds');
    expect(validateEditor(edit(rows(), 0, { hotkey: 'm' })).errors![fieldKey('b1', 'hotkey')]).toMatch(/player uses/);
    expect(validateEditor(edit(rows(), 0, { hotkey: '#' })).errors![fieldKey('b1', 'hotkey')]).toBe('A hotkey is one letter or digit');
    expect(validateEditor(edit(rows(), 0, { leadSeconds: '-1' })).errors![fieldKey('b1', 'leadSeconds')]).toBe('At least 0 seconds');
    expect(validateEditor(edit(rows(), 0, { name: '  ' })).errors![fieldKey('b1', 'name')]).toBe('A name is required');
    expect(validateEditor(edit(rows(), 1, { labels: `${'x'.repeat(61)}` })).errors![fieldKey('b2', 'labels')]).toBe('A label has at most 60 characters');
  });

  it('places the server\u2019s messages at the fields of the rows it was sent', () => {
    const sent = rows();
    expect(serverErrors("body.buttons.1.hotkey: Two buttons use the hotkey 'a'; body.buttons.0.name: A name is required", sent)).toEqual({
      [fieldKey('b2', 'hotkey')]: "Two buttons use the hotkey 'a'",
      [fieldKey('b1', 'name')]: 'A name is required',
    });
    expect(serverErrors('body.buttons.0.labels.3: A label is required', sent)).toEqual({ [fieldKey('b1', 'labels')]: 'A label is required' });
    expect(serverErrors('Only the team owner or an editor may change the code window.', sent)).toEqual({
      [FORM_ERROR]: 'Only the team owner or an editor may change the code window.',
    });
    expect(serverErrors('body.buttons: A code window has at most 100 buttons', sent)).toEqual({ [FORM_ERROR]: 'body.buttons: A code window has at most 100 buttons' });
  });

  it('moves a row up and down, and not past the ends', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('gives a new button the next colour, the last group and the default lead and lag', () => {
    const next = newEditorButton(rows());
    expect(next).toMatchObject({ name: '', hotkey: '', group: '', leadSeconds: '5', lagSeconds: '5', labels: '' });
    expect(next.rowId).not.toBe(newEditorButton(rows()).rowId);
    expect(next.color).toMatch(/^#[0-9a-f]{6}$/);
  });
});
