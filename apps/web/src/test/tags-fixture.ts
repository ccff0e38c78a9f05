import type { CodeButton, CodeWindow, Tag } from '@app/contracts/film';

/** A button of the code window as the server answers it; tests override what they look at. */
export function buttonFixture(overrides: Partial<CodeButton> = {}): CodeButton {
  const name = overrides.name ?? 'Shot';
  return { _id: `b-${name}`, name, color: '#ef4444', hotkey: null, group: '', leadSeconds: 5, lagSeconds: 5, labels: [], ...overrides };
}

/** `GET /api/team/codes`: Shot (s, labels Left and Right), Foul (2) and Goal, players jane and ann, editable. */
export function codeWindowFixture(overrides: Partial<CodeWindow> = {}): CodeWindow {
  return {
    buttons: [
      buttonFixture({ name: 'Shot', hotkey: 's', leadSeconds: 5, lagSeconds: 3, labels: ['Left', 'Right'] }),
      buttonFixture({ name: 'Foul', hotkey: '2', color: '#3b82f6' }),
      buttonFixture({ name: 'Goal', color: '#22c55e' }),
    ],
    players: ['jane', 'ann'],
    canEdit: true,
    ...overrides,
  };
}

/** An instance as the server answers it, made by jane (the signed-in user of the tags tests). */
export function tagFixture(overrides: Partial<Tag> = {}): Tag {
  return { _id: 't1', code: 'Shot', start: 15, end: 23, labels: [], by: 'jane', createdAt: '2026-01-01T00:00:00.000Z', ...overrides };
}

/** `GET /api/user/me` of jane, user 1 (the tests' signed-in session). */
export const janeMe = { userId: 1, userUuid: 'uuid-1', username: 'jane' };
