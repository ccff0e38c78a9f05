import { open } from 'node:fs/promises';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Streams `source` (through `via`, if given) into a new file, fsyncs it and closes it before settling.
 * The file is created before any byte flows and closed before we throw, so a caller that deletes it
 * after a failure cannot race a late open (which a plain createWriteStream allows).
 */
export async function streamToFile(source: Readable, filePath: string, via?: Transform): Promise<void> {
  const handle = await open(filePath, 'wx');
  // autoClose (the default) hands the handle to the stream: it fsyncs (flush) and closes it when done or destroyed.
  const out = handle.createWriteStream({ flush: true });
  try {
    await (via ? pipeline(source, via, out) : pipeline(source, out));
  } catch (err) {
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    throw err;
  }
}
