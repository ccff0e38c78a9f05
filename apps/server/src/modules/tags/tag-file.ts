import { CODE_NAME_MAX, TAG_IMPORT_MAX_INSTANCES, TAG_LABELS_MAX, type Tag } from '@app/contracts/film';
import { AppError } from '../../errors';

/** What a tag file holds of an instance, as text, before it is checked. */
export interface FileInstance {
  /** Where it is in the file, for messages: `instance 17 (ID 42)`, `line 5`. */
  where: string;
  code: string | undefined;
  start: string | undefined;
  end: string | undefined;
  labels: string[];
}

/** A tag file read: its instances, and the colours it gives codes (lower-cased code -> '#rrggbb'). */
export interface TagFile {
  instances: FileInstance[];
  colors: Map<string, string>;
}

/** What a file writes and reads of a tag. */
export type FileTag = Pick<Tag, 'code' | 'start' | 'end' | 'labels'>;

export const refuse = (message: string) => new AppError('VALIDATION_FAILED', message);

/** Seconds kept to the millisecond, as every tag time is stored. */
export const toMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Trimmed, without empty ones, each once, in their order. */
export const cleanLabels = (labels: readonly string[]) => [...new Set(labels.map((l) => l.trim()).filter(Boolean))];

function seconds(where: string, field: 'start' | 'end', text: string | undefined): number {
  const value = text?.trim() ? Number(text) : NaN;
  if (!Number.isFinite(value)) throw refuse(`${where}: ${field} is ${text?.trim() ? 'not a number' : 'missing'}`);
  return toMs(value);
}

/**
 * Every instance of a file checked against the video (`durationSec` long): a code, 0 <= start <= end <=
 * the video's end, at most TAG_LABELS_MAX labels of at most CODE_NAME_MAX characters. The first one that
 * fails refuses the whole file with a 400 naming it.
 */
export function checkInstances(file: TagFile, durationSec: number): FileTag[] {
  if (file.instances.length === 0) throw refuse('The file holds no instances.');
  if (file.instances.length > TAG_IMPORT_MAX_INSTANCES) {
    throw refuse(`The file holds ${file.instances.length} instances: at most ${TAG_IMPORT_MAX_INSTANCES} are imported at once.`);
  }
  return file.instances.map(({ where, code, start: startText, end: endText, labels: given }) => {
    const name = code?.trim();
    if (!name) throw refuse(`${where}: code is missing`);
    if (name.length > CODE_NAME_MAX) throw refuse(`${where}: code has more than ${CODE_NAME_MAX} characters`);
    const start = seconds(where, 'start', startText);
    const end = seconds(where, 'end', endText);
    if (start < 0) throw refuse(`${where}: start is before the beginning of the video`);
    if (end > durationSec) throw refuse(`${where}: end is after the end of the video (${toMs(durationSec)} s)`);
    // An instance of no length is a moment (what a press of a button without lead and lag makes).
    if (end < start) throw refuse(`${where}: end is before start`);
    const labels = cleanLabels(given);
    if (labels.length > TAG_LABELS_MAX) throw refuse(`${where}: more than ${TAG_LABELS_MAX} labels`);
    if (labels.some((l) => l.length > CODE_NAME_MAX)) throw refuse(`${where}: a label has more than ${CODE_NAME_MAX} characters`);
    return { code: name, start, end, labels };
  });
}
