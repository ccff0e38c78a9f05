import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { refuse, type FileInstance, type FileTag, type TagFile } from './tag-file';

/** The CSV of tags: `code,start,end,labels`, the labels joined with ';' (a label holding ';' reads back as two). */
const HEADER = ['code', 'start', 'end', 'labels'];
const LABEL_SEPARATOR = ';';

/** RFC 4180: CRLF between records, a field with a comma, quote or line break quoted (csv-stringify leaves a bare LF unquoted otherwise). */
export function toTagsCsv(tags: readonly FileTag[]): string {
  return stringify([HEADER, ...tags.map((t) => [t.code, t.start, t.end, t.labels.join(LABEL_SEPARATOR)])], {
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
  });
}

/** Line breaks (CRLF, LF or a lone CR) in `bytes`. */
const lineBreaks = (bytes: Buffer) => (bytes.toString('latin1').match(/\r\n|\r|\n/g) ?? []).length;

/** Reads a tags CSV (the header row optional); a malformed one is refused naming the line. */
export function readTagsCsv(text: string): TagFile {
  const csv = text.replace(/^\ufeff/, '');
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    // With `info`, each record comes with the byte offset where it ended (the typings know only plain records).
    records = parse(csv, { info: true, relax_column_count: true }) as unknown as typeof records;
  } catch (err) {
    if (err instanceof CsvError) throw refuse(`The CSV file cannot be read: ${err.message}.`);
    throw err;
  }
  const raw = Buffer.from(csv);
  const instances: FileInstance[] = [];
  // A record may span lines (a quoted line break): its line is the one where it starts.
  let line = 1;
  let from = 0;
  records.forEach(({ record, info }, i) => {
    const where = `line ${line}`;
    line += lineBreaks(raw.subarray(from, info.bytes));
    from = info.bytes;
    if (record.length === 1 && record[0]!.trim() === '') return;
    if (i === 0 && record.slice(0, 3).map((f) => f.trim().toLowerCase()).join(',') === HEADER.slice(0, 3).join(',')) return;
    if (record.length < 3 || record.length > 4) throw refuse(`${where}: expected ${HEADER.join(',')} (${record.length} fields)`);
    const [code, start, end, labels = ''] = record;
    instances.push({ where, code, start, end, labels: labels.split(LABEL_SEPARATOR) });
  });
  return { instances, colors: new Map() };
}
