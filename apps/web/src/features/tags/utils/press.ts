import type { CodeButton, Tag } from '@app/contracts/film';

/**
 * What a press of a code window button does to the instances on screen before the server answers
 * (the server applies the same rule and its answer replaces what is shown here).
 */
export type Press = {
  button: Pick<CodeButton, 'name' | 'leadSeconds' | 'lagSeconds'>;
  /** Seconds of the footage the press is at. */
  at: number;
  /** The footage's length in seconds; null while it is open-ended (a live game). */
  duration: number | null;
  /** My username: only my own instances are extended. */
  me: string;
};

/** What a press did: the instances after it and the one it made or extended. */
export type PressOutcome = {
  items: Tag[];
  /** The instance pressed: the new one (its temporary id) or the extended one. */
  id: string;
  /** The extended instance as it was, to put back if the server refuses the press. */
  previous: Tag | null;
};

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** [at - lead, at + lag], within the footage. */
export function pressRange({ button, at, duration }: Pick<Press, 'button' | 'at' | 'duration'>): { start: number; end: number } {
  const start = ms(Math.max(0, at - button.leadSeconds));
  const end = ms(duration === null ? at + button.lagSeconds : Math.min(at + button.lagSeconds, duration));
  return { start, end: Math.max(start, end) };
}

/** My latest instance of `code` (by start) when it is still running at `at` (`at` is not past its end). */
export function runningInstance(items: readonly Tag[], code: string, me: string, at: number): Tag | null {
  let latest: Tag | null = null;
  for (const t of items) {
    if (t.code === code && t.by === me && (latest === null || t.start >= latest.start)) latest = t;
  }
  return latest !== null && at <= latest.end ? latest : null;
}

/** Inserts `tag` in start order (the order the server lists them in), after instances starting at the same time. */
export function insertByStart(items: readonly Tag[], tag: Tag): Tag[] {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (items[mid]!.start <= tag.start) low = mid + 1;
    else high = mid;
  }
  return [...items.slice(0, low), tag, ...items.slice(low)];
}

/**
 * A press: a new instance [at - lead, at + lag] under `tempId`, or, when my latest instance of the
 * same code is still running, that instance extended to at + lag (never shortened).
 */
export function applyPress(items: readonly Tag[], press: Press, tempId: string, createdAt: string): PressOutcome {
  const range = pressRange(press);
  const running = runningInstance(items, press.button.name, press.me, press.at);
  if (running) {
    const extended = { ...running, end: Math.max(running.end, range.end) };
    return { items: items.map((t) => (t._id === running._id ? extended : t)), id: running._id, previous: running };
  }
  const made: Tag = { _id: tempId, code: press.button.name, ...range, labels: [], by: press.me, createdAt };
  return { items: insertByStart(items, made), id: tempId, previous: null };
}

/**
 * The server's answer replaces the pressed instance (by its temporary or its own id). Labels added on
 * screen while the press was on its way stay: their own save follows.
 */
export function settlePress(items: readonly Tag[], localId: string, answer: Tag): Tag[] {
  const local = items.find((t) => t._id === localId);
  const labels = local ? [...new Set([...answer.labels, ...local.labels])] : answer.labels;
  const rest = items.filter((t) => t._id !== localId && t._id !== answer._id);
  return insertByStart(rest, { ...answer, labels });
}

/** Takes back a press the server refused: the new instance goes, an extended one is as it was. */
export function undoPress(items: readonly Tag[], outcome: Pick<PressOutcome, 'id' | 'previous'>): Tag[] {
  const { previous } = outcome;
  if (previous === null) return items.filter((t) => t._id !== outcome.id);
  return items.map((t) => (t._id === previous._id ? { ...t, end: previous.end } : t));
}

/** One instance changed (trimmed, relabelled, recoded), kept in start order. */
export function changeTag(items: readonly Tag[], id: string, changes: Partial<Pick<Tag, 'code' | 'start' | 'end' | 'labels'>>): Tag[] {
  const current = items.find((t) => t._id === id);
  if (!current) return [...items];
  const rest = items.filter((t) => t._id !== id);
  return insertByStart(rest, { ...current, ...changes });
}

/** Temporary ids of instances not saved yet: never an id the server makes. */
export const TEMP_PREFIX = 'pending-';
export const isTemporary = (id: string) => id.startsWith(TEMP_PREFIX);
