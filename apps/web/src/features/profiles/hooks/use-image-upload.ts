import type { ImageTag, ProfileMe, UserImage } from '@app/contracts/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { deleteImage, uploadImage, type UploadPhase } from '@/features/profiles/api/upload-image';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { errorMessage } from '@/lib/error-message';
import { queryKeys } from '@/lib/query-keys';

export type UploadState = { phase: 'idle' } | UploadPhase | { phase: 'failed'; message: string };

/** Where the avatar shows as the user's picture (members, comments, board): its 256 size. */
const avatarAddress = (image: UserImage) => image.sources?.['256'] ?? image.sources?.full ?? null;

/** The own record with a new image in place: a new hero or avatar replaces the old one, photos come first. */
function withImage(me: ProfileMe, image: UserImage): ProfileMe {
  if (image.tag === 'logo') return me; // the team's, shown from the member card
  const others = me.images.filter((shown) => shown._id !== image._id && (image.tag === 'photo' || shown.tag !== image.tag));
  return { ...me, images: [image, ...others], ...(image.tag === 'avatar' && { image: avatarAddress(image) }) };
}

/**
 * Uploads one picture of a kind and puts it on the card as soon as it is processed (the own record in
 * the query cache), then refreshes what shows the user elsewhere (members, comments, the board).
 */
export function useImageUpload(tag: ImageTag) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function upload(file: File) {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    try {
      const image = await uploadImage(api, file, tag, setState, abort.signal);
      queryClient.setQueryData<ProfileMe>(queryKeys.me(userKey), (me) => (me ? withImage(me, image) : me));
      setState({ phase: 'idle' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.users(), predicate: (query) => query.queryKey[2] !== 'me' });
    } catch (error) {
      if (!abort.signal.aborted) setState({ phase: 'failed', message: errorMessage(error) });
    }
  }

  return { state, upload, busy: state.phase !== 'idle' && state.phase !== 'failed' };
}

/** Deletes one of the own images and takes it off the card. */
export function useDeleteImage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  const [deleting, setDeleting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function remove(image: UserImage) {
    setDeleting(image._id);
    setError(null);
    try {
      await deleteImage(api, image._id);
      queryClient.setQueryData<ProfileMe>(queryKeys.me(userKey), (me) => (me ? { ...me, images: me.images.filter((shown) => shown._id !== image._id) } : me));
      await queryClient.invalidateQueries({ queryKey: queryKeys.users() });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setDeleting(null);
    }
  }

  return { remove, deleting, error };
}
