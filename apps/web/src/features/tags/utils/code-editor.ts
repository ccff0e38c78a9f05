import {
  DEFAULT_LAG_SECONDS,
  DEFAULT_LEAD_SECONDS,
  LEAD_LAG_MAX,
  putCodesBody,
  type CodeButton,
  type PutCodesBody,
} from '@app/contracts/film';

/** A button as the editor holds it: every field as typed, labels as one comma-separated line. */
export type EditorButton = {
  /** Keeps a row's inputs and messages with it when rows move: the saved id, or a made-up one. */
  rowId: string;
  _id?: string;
  name: string;
  color: string;
  hotkey: string;
  group: string;
  leadSeconds: string;
  lagSeconds: string;
  labels: string;
};
export type EditorField = Exclude<keyof EditorButton, 'rowId' | '_id'>;

/** Messages by `${rowId}.${field}`; FORM_ERROR for the window as a whole. */
export type EditorErrors = Record<string, string>;
export const FORM_ERROR = 'form';
export const fieldKey = (rowId: string, field: EditorField) => `${rowId}.${field}`;

/** New buttons take the next of these (distinct on the grid, readable with black or white text). */
const PALETTE = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#14b8a6', '#3b82f6', '#8b5cf6', '#ec4899'];
const SECONDS_MESSAGE = `Enter 0 to ${LEAD_LAG_MAX} seconds`;

export function editorRows(buttons: readonly CodeButton[]): EditorButton[] {
  return buttons.map((b) => ({
    rowId: b._id,
    _id: b._id,
    name: b.name,
    color: b.color,
    hotkey: b.hotkey ?? '',
    group: b.group,
    leadSeconds: String(b.leadSeconds),
    lagSeconds: String(b.lagSeconds),
    labels: b.labels.join(', '),
  }));
}

let made = 0;
export function newEditorButton(rows: readonly EditorButton[]): EditorButton {
  made += 1;
  return {
    rowId: `new-${made}`,
    name: '',
    color: PALETTE[rows.length % PALETTE.length]!,
    hotkey: '',
    group: rows.at(-1)?.group ?? '',
    leadSeconds: String(DEFAULT_LEAD_SECONDS),
    lagSeconds: String(DEFAULT_LAG_SECONDS),
    labels: '',
  };
}

/** `rows` with the row at `from` moved to `to` (out of range: as they are). */
export function moved<T>(rows: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= rows.length || from === to) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

const seconds = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/** The window as `PUT /api/team/codes` takes it. */
export function editorBody(rows: readonly EditorButton[]): PutCodesBody {
  return {
    buttons: rows.map((r) => ({
      ...(r._id ? { _id: r._id } : {}),
      name: r.name,
      color: r.color,
      hotkey: r.hotkey.trim() === '' ? null : r.hotkey.trim(),
      group: r.group,
      leadSeconds: seconds(r.leadSeconds),
      lagSeconds: seconds(r.lagSeconds),
      labels: r.labels
        .split(',')
        .map((l) => l.trim())
        .filter((l) => l !== ''),
    })),
  };
}

const fields = new Set<string>(['name', 'color', 'hotkey', 'group', 'leadSeconds', 'lagSeconds', 'labels']);

/** Where a message about `buttons.<i>.<field>` goes; the window's own otherwise. */
function errorKey(rows: readonly EditorButton[], path: readonly (string | number)[]): string {
  const [, index, field] = path;
  const row = typeof index === 'number' ? rows[index] : undefined;
  return row && typeof field === 'string' && fields.has(field) ? fieldKey(row.rowId, field as EditorField) : FORM_ERROR;
}

/**
 * The window checked as the server checks it (the contract's schema and messages: a duplicate name or
 * hotkey, the player's keys, lengths, lead and lag 0-60); the first message of each field.
 */
export function validateEditor(rows: readonly EditorButton[]): { body: PutCodesBody; errors: null } | { body: null; errors: EditorErrors } {
  const errors: EditorErrors = {};
  rows.forEach((r) => {
    for (const field of ['leadSeconds', 'lagSeconds'] as const) {
      if (!Number.isFinite(seconds(r[field]))) errors[fieldKey(r.rowId, field)] = SECONDS_MESSAGE;
    }
  });
  const parsed = putCodesBody.safeParse(editorBody(rows));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = errorKey(rows, issue.path);
      errors[key] ??= issue.message;
    }
  }
  // What the schema made of the fields (a hotkey in lower case, names trimmed) is what is sent.
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data, errors: null } : { body: null, errors };
}

/**
 * The server's 400 ("body.buttons.2.hotkey: Two buttons use the hotkey 'a'; body.buttons.0.name: ...")
 * placed at the fields of the rows that were sent; anything else is the window's message.
 */
export function serverErrors(message: string, rows: readonly EditorButton[]): EditorErrors {
  const errors: EditorErrors = {};
  for (const part of message.split(/; (?=body\.)/)) {
    const match = /^body\.([\w.]+): (.*)$/s.exec(part);
    const key = match ? errorKey(rows, match[1]!.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))) : FORM_ERROR;
    const text = match && key !== FORM_ERROR ? match[2]! : part;
    errors[key] = errors[key] ? `${errors[key]} ${text}` : text;
  }
  return errors;
}
