import { type ImageTag, type UserImage, userImage } from '@app/contracts/profiles';
import { completeUploadResponse, preuploadResponse } from '@app/contracts/videos';

import { isHeif, toJpeg } from '@/features/profiles/utils/heic';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { putWithProgress } from '@/lib/put-with-progress';

/** Where an image upload is: shown on the button that started it. */
export type UploadPhase = { phase: 'converting' } | { phase: 'uploading'; percent: number } | { phase: 'processing' };

/** How often a still-processing image is asked for again once the server's own 20 s wait ran out. */
const POLL_MS = 1000;

/**
 * One picture: converted to JPEG first when it is HEIC -> `POST /api/user/preupload` with its tag ->
 * one PUT with progress -> `POST .../complete`, which answers the processed image, or 202 while it is
 * still processing (then `GET /api/user/images/{_id}` until it is ready). A refusal throws the
 * server's message.
 */
export async function uploadImage(api: ApiClient, picked: File, tag: ImageTag, onPhase: (phase: UploadPhase) => void, signal?: AbortSignal): Promise<UserImage> {
  let file = picked;
  if (await isHeif(picked)) {
    onPhase({ phase: 'converting' });
    file = await toJpeg(picked).catch((error: unknown) => {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `This photo could not be converted (${error instanceof Error ? error.message : 'unknown error'}). Try a JPEG.`);
    });
  }

  onPhase({ phase: 'uploading', percent: 0 });
  // The server judges the bytes, not the type, and refuses what is no picture with its own message.
  const contentType = file.type || 'application/octet-stream';
  const target = await api.request('/api/user/preupload', {
    method: 'POST',
    body: { fileName: file.name, contentType, tag, size: file.size },
    schema: preuploadResponse,
    signal,
  });
  await putWithProgress(target.url, file, {
    contentType,
    signal,
    onProgress: (loaded, total) => onPhase({ phase: 'uploading', percent: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
  });
  onPhase({ phase: 'processing' });
  const completed = await api.request(`/api/user/preupload/${encodeURIComponent(target.key)}/complete`, { method: 'POST', schema: completeUploadResponse, signal });
  let image = completed.image;
  if (!image) throw new ApiError(500, 'INVALID_RESPONSE', 'The upload finished but no image came back.');
  while (image.status === 'processing') {
    await delay(POLL_MS, signal);
    image = await api.request(`/api/user/images/${encodeURIComponent(image._id)}`, { schema: userImage, signal });
  }
  if (image.status === 'failed') throw new ApiError(422, 'IMAGE_REFUSED', image.error ?? 'The picture could not be processed.');
  return image;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** `DELETE /api/user/images/{_id}` (the owner's own). */
export function deleteImage(api: ApiClient, id: string): Promise<unknown> {
  return api.request(`/api/user/images/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
