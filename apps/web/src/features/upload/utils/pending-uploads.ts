import type { PreuploadResponse } from '@app/contracts/videos';

const STORAGE_KEY = 'teamfilm.pending-uploads';
/** Not reused in the last minutes before it expires: the rest of a large file may not make it in time. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

type Pending = Pick<PreuploadResponse, 'key' | 'protocol' | 'url' | 'maxBytes' | 'expiresAt'>;

/**
 * The same file chosen again (a retry, or after a reload) by the same user: name, size, last change
 * and type, as tus-js-client's own fingerprint.
 */
export function fileFingerprint(userKey: string, file: Pick<File, 'name' | 'size' | 'lastModified' | 'type'>): string {
  return [userKey, file.name, file.size, file.lastModified, file.type].join(':');
}

function readAll(): Record<string, Pending> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, Pending>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, Pending>) {
  try {
    if (Object.keys(all).length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage full or blocked: the upload still works, it just cannot resume across reloads.
  }
}

/**
 * A resumable upload begun earlier for this file, to continue instead of starting over. Expired
 * entries are dropped on the way.
 */
export function loadPending(fingerprint: string, now = Date.now()): Pending | null {
  const all = readAll();
  let changed = false;
  for (const [id, entry] of Object.entries(all)) {
    if (!(Date.parse(entry.expiresAt) - EXPIRY_MARGIN_MS > now)) {
      delete all[id];
      changed = true;
    }
  }
  if (changed) writeAll(all);
  return all[fingerprint] ?? null;
}

export function savePending(fingerprint: string, pending: Pending) {
  const { key, protocol, url, maxBytes, expiresAt } = pending;
  writeAll({ ...readAll(), [fingerprint]: { key, protocol, url, maxBytes, expiresAt } });
}

export function removePending(fingerprint: string) {
  const all = readAll();
  if (!(fingerprint in all)) return;
  delete all[fingerprint];
  writeAll(all);
}
