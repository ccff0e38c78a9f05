import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';

export async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-mail-'));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** A real pino logger whose lines the test can read back (to prove what is and is not logged). */
export function captureLog(): { log: Logger; lines: () => Array<Record<string, unknown>>; raw: () => string } {
  const chunks: string[] = [];
  const log = pino({ level: 'info' }, { write: (chunk: string) => void chunks.push(chunk) });
  return {
    log,
    raw: () => chunks.join(''),
    lines: () => chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
