import { VIDEO_TITLE_MAX } from '@app/contracts/videos';

const MAX_NAME = 100;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * A client's file name made safe for one storage key segment (keys.ts allows letters, digits,
 * '.', '_', '-'): accents folded, path and other characters replaced, no leading dot, at most 100
 * characters with the extension kept, never empty.
 */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const clean = (part: string) =>
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/_{2,}/g, '_');
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(base)?.[0] ?? '';
  let stem = clean(base.slice(0, base.length - ext.length)).replace(/^[._-]+/, '');
  // A name of only unsafe characters (say, Japanese) still keeps its extension.
  if (/^[._-]*$/.test(stem)) stem = 'file';
  return stem.slice(0, MAX_NAME - ext.length) + ext;
}

/** The name shown to people: the client's own, without a path or control characters. */
export function displayFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(CONTROL, '').trim();
  return base.slice(0, 255) || 'file';
}

/**
 * A video's initial title: the given one, else the file name without its extension; control
 * characters removed, whitespace collapsed, at most VIDEO_TITLE_MAX characters (whole code points).
 * Null when nothing is left: the apps then show the default title ('Video').
 */
export function initialTitle(fileName: string, given?: string | null): string | null {
  const clean = (text: string) => text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const title = clean(given ?? '') || clean(base.replace(/\.[A-Za-z0-9]{1,10}$/, ''));
  return Array.from(title).slice(0, VIDEO_TITLE_MAX).join('').trim() || null;
}
