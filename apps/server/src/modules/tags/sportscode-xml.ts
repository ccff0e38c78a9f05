import { PLAYER_GROUP, type CodeButton } from '@app/contracts/film';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { buttonNamed, fromSportscodeRgb, toSportscodeRgb } from './code-window';
import { refuse, type FileInstance, type FileTag, type TagFile } from './tag-file';

/**
 * Sportscode's XML, the interchange file of film-study tools: `<file><ALL_INSTANCES><instance>` with `ID`,
 * `start`, `end` (seconds), `code` and `<label><group/><text/></label>`s, then `<ROWS><row>` with each
 * code's colour (`R`, `G`, `B`, 0-65535 each).
 */

/** A code no button has any more: its row is grey. */
const NO_BUTTON_COLOR = '#808080';
// XML 1.0 cannot carry these control characters at all, escaped or not.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xmlText = (text: string) => text.replace(NOT_XML, '');

/**
 * A label's group: that of the button it came from (the instance's own first, then any other offering
 * it), 'Player' for a member's username, else none.
 */
function groupOf(label: string, button: CodeButton | undefined, buttons: readonly CodeButton[], players: ReadonlySet<string>): string {
  const from = button?.labels.includes(label) ? button : buttons.find((b) => b.labels.includes(label));
  if (from) return from.group;
  return players.has(label) ? PLAYER_GROUP : '';
}

/** The file of a video's tags (in start order), with a row per code they use, coloured by the window. */
export function toSportscodeXml(tags: readonly FileTag[], buttons: readonly CodeButton[], players: ReadonlySet<string>): string {
  const instances = tags.map((t, i) => {
    const button = buttonNamed(buttons, t.code);
    return {
      ID: i + 1,
      start: t.start,
      end: t.end,
      code: xmlText(t.code),
      label: t.labels.map((l) => ({ group: xmlText(groupOf(l, button, buttons, players)), text: xmlText(l) })),
    };
  });
  const codes = [...new Set(tags.map((t) => t.code))];
  const rows = codes.map((code) => ({ code: xmlText(code), ...toSportscodeRgb(buttonNamed(buttons, code)?.color ?? NO_BUTTON_COLOR) }));
  // The builder escapes &, <, >, quotes in text itself (processEntities, its default).
  const builder = new XMLBuilder({ format: true, ignoreAttributes: false, suppressEmptyNode: false });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    file: { ALL_INSTANCES: { instance: instances }, ROWS: { row: rows } },
  }) as string;
}

const ARRAYS = new Set(['file.ALL_INSTANCES.instance', 'file.ALL_INSTANCES.instance.label', 'file.ROWS.row']);

const parser = new XMLParser({
  ignoreAttributes: true,
  // Every value as its text: numbers are read and checked by the importer.
  parseTagValue: false,
  trimValues: true,
  // Only what XML itself defines (&amp; and the others, character references): no DOCTYPE reaches the parser.
  processEntities: true,
  htmlEntities: true,
  isArray: (_name, jPath) => ARRAYS.has(jPath as string),
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
/** An element's text; undefined for a missing, repeated or nested one. */
const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Reads a Sportscode file. A DOCTYPE (and so any entity declaration: external entities, billion laughs)
 * is refused before parsing, malformed XML is refused with the parser's reason and line.
 */
export function readSportscodeXml(text: string): TagFile {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw refuse('The file may not declare a DOCTYPE or entities.');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw refuse(`The file is not valid XML: ${valid.err.msg} (line ${valid.err.line}).`);
  const file = (parser.parse(text) as Node).file;
  const all = isNode(file) ? file.ALL_INSTANCES : undefined;
  if (!isNode(all) && all !== '') throw refuse('The file is not Sportscode XML: it has no <file><ALL_INSTANCES>.');
  const instances = (isNode(all) && Array.isArray(all.instance) ? all.instance : []).map((node: unknown, i): FileInstance => {
    const instance = isNode(node) ? node : {};
    const id = textOf(instance.ID);
    return {
      where: `instance ${i + 1}${id ? ` (ID ${id})` : ''}`,
      code: textOf(instance.code),
      start: textOf(instance.start),
      end: textOf(instance.end),
      labels: (Array.isArray(instance.label) ? instance.label : []).map((l: unknown) => (isNode(l) ? textOf(l.text) : undefined) ?? ''),
    };
  });
  const colors = new Map<string, string>();
  const rows = isNode(file) && isNode(file.ROWS) && Array.isArray(file.ROWS.row) ? file.ROWS.row : [];
  for (const row of rows) {
    const code = isNode(row) ? textOf(row.code)?.trim() : undefined;
    const color = code && isNode(row) ? fromSportscodeRgb(row.R, row.G, row.B) : null;
    if (code && color) colors.set(code.toLowerCase(), color);
  }
  return { instances, colors };
}
