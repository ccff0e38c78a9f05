import { storageKey } from '../../storage/keys';

/**
 * Where the bytes of a one-PUT upload arrive: `<tenant>/uploads/<key>/<name>`, not its final key.
 * `complete` checks them and moves them to the final key. A presigned S3 PUT stays usable until it
 * expires (S3 has no single-use links), so a PUT sent after `complete` only lands here, where
 * nothing reads it (the local driver refuses it outright). Keep a bucket lifecycle rule that
 * expires `<tenant>/uploads/` after a day to drop such leftovers.
 */
export function stagingKey(upload: { tenantId: string; key: string; storageKey: string }): string {
  return storageKey(upload.tenantId, 'uploads', upload.key, upload.storageKey.slice(upload.storageKey.lastIndexOf('/') + 1));
}
