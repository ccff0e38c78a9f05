import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'coverage']);

function walk(entry, out) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return;
  }
  if (stat.isFile()) return out.push(entry);
  if (!stat.isDirectory()) return;
  for (const name of fs.readdirSync(entry).sort()) {
    if (!SKIP.has(name)) walk(path.join(entry, name), out);
  }
}

/** Content hash of files and directory trees, so a build reruns exactly when its inputs changed. */
export function hashFiles(entries) {
  const files = [];
  for (const e of entries) walk(e, files);
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f);
    hash.update('\0');
    hash.update(fs.readFileSync(f));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function readStamp(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function writeStamp(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${value}\n`);
}
