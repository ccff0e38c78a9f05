import fs from 'node:fs/promises';
import path from 'node:path';

/** Fails early, naming the directory, instead of failing later deep inside PostgreSQL or an upload. */
export async function ensureWritableDataDir(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new Error(`DATA_DIR '${dir}' is not writable (${reason}). Set DATA_DIR to a writable directory.`, { cause: err });
  }
}
