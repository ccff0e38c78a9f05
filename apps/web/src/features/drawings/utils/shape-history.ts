import type { Shape } from '@app/contracts/film';

/** The shapes of the drawing being made, with what Undo takes back and Redo puts again. */
export type ShapeHistory = { past: readonly Shape[][]; present: readonly Shape[]; future: readonly Shape[][] };

export function startHistory(shapes: readonly Shape[] = []): ShapeHistory {
  return { past: [], present: shapes, future: [] };
}

/** A new shape on top; what was undone before it can no longer be redone. */
export function addShape(history: ShapeHistory, shape: Shape): ShapeHistory {
  return { past: [...history.past, [...history.present]], present: [...history.present, shape], future: [] };
}

export function undo(history: ShapeHistory): ShapeHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [[...history.present], ...history.future] };
}

export function redo(history: ShapeHistory): ShapeHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, [...history.present]], present: next, future: rest };
}
