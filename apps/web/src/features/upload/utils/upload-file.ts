import type { CompleteUploadResponse, PreuploadResponse } from '@app/contracts/videos';

import { completeUpload } from '@/features/upload/api/complete-upload';
import { preupload } from '@/features/upload/api/preupload';
import { fileFingerprint, loadPending, removePending, savePending } from '@/features/upload/utils/pending-uploads';
import { recordingTitle, videoContentType } from '@/features/upload/utils/recording';
import { tusUpload } from '@/features/upload/utils/tus-upload';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { putWithProgress } from '@/lib/put-with-progress';

export type UploadContext = {
  api: ApiClient;
  /** Whose uploads these are: a resumable upload is only continued by the user who began it. */
  userKey: string;
  getToken: () => Promise<string | null>;
};

type UploadFileOptions = {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

/**
 * One video file: preupload (where and how) -> bytes (one PUT, or tus for large files) -> complete
 * (the server creates the video and starts processing). A tus upload begun before for the same
 * file is continued where it stopped.
 */
export async function uploadVideoFile(file: File, context: UploadContext, { onProgress, signal }: UploadFileOptions = {}): Promise<CompleteUploadResponse> {
  const { api, userKey, getToken } = context;
  const contentType = videoContentType(file);
  const fingerprint = fileFingerprint(userKey, file);
  const resumed = loadPending(fingerprint);
  const target: Pick<PreuploadResponse, 'key' | 'protocol' | 'url' | 'maxBytes' | 'expiresAt'> =
    resumed ?? (await preupload(api, { fileName: file.name, contentType, size: file.size, ...titleOf(file) }, signal));

  if (file.size > target.maxBytes) {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `${file.name} is larger than the ${formatBytes(target.maxBytes)} upload limit.`);
  }

  try {
    if (target.protocol === 'tus') {
      savePending(fingerprint, target);
      await tusUpload(file, { key: target.key, url: target.url, getToken, onProgress, signal });
    } else {
      await putWithProgress(target.url, file, { contentType, onProgress, signal });
    }
    const completed = await completeUpload(api, target.key, signal);
    removePending(fingerprint);
    return completed;
  } catch (error) {
    // Refused, not a network or server hiccup (a 409 that survived tus's own retries included: the
    // server holds a different state of that upload): it cannot be continued, the next try starts afresh.
    if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500 && ![401, 408, 423, 429].includes(error.statusCode)) {
      removePending(fingerprint);
    }
    throw error;
  }
}

/** A camera recording is titled with its date and time; other files take their name (the server's default). */
function titleOf(file: File): { title?: string } {
  const title = recordingTitle(file.name);
  return title ? { title } : {};
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}
