import { tag, type CodeButton, type CreateLiveTagBody, type Tag } from '@app/contracts/film';
import { useMutation } from '@tanstack/react-query';

import { tagsPath, type TagTarget } from '@/features/tags/api/get-tags';
import { useTagCache } from '@/features/tags/api/tag-cache';
import { applyPress, settlePress, undoPress, type PressOutcome } from '@/features/tags/utils/press';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';

/**
 * `POST /api/user/videos/{key}/tags {code, at, labels?}` or `POST /api/live/{eventKey}/tags {code, at?, labels?}`
 * (no `at`: the live edge): 201 a new instance, or 200 my running instance of the code, extended.
 */
export function createTag(api: ApiClient, target: TagTarget, body: CreateLiveTagBody): Promise<Tag> {
  return api.request(tagsPath(target), { method: 'POST', body, schema: tag });
}

/**
 * One press as the page follows it: the instance it shows (a temporary id, or the instance it extends),
 * then the server's. Label chips of the press find the instance through it.
 */
export type PressTrack = {
  pressId: string;
  button: CodeButton;
  /** The instance on screen for this press. */
  localId: string;
  /** The press's answer: the saved instance (its id is the one to change it by). */
  saved: Promise<Tag> | null;
};

export type PressVariables = {
  track: PressTrack;
  /** Seconds of the footage shown at once; `sendAt` is what the server is told (null: the live edge). */
  at: number;
  sendAt: number | null;
  duration: number | null;
  me: string;
};

/** A press, shown at once (a new instance [t - lead, t + lag] or my running one extended) and replaced by the server's answer. */
export function useCreateTag(target: TagTarget) {
  const api = useApiClient();
  const cache = useTagCache(target);
  return useMutation<Tag, Error, PressVariables, { outcome: PressOutcome }>({
    mutationKey: cache.key,
    mutationFn: ({ track, sendAt }) => createTag(api, target, { code: track.button.name, ...(sendAt === null ? {} : { at: sendAt }) }),
    onMutate: async ({ track, at, duration, me }) => {
      await cache.hold();
      const outcome = applyPress(cache.items(), { button: track.button, at, duration, me }, track.pressId, new Date().toISOString());
      track.localId = outcome.id;
      cache.write(outcome.items);
      return { outcome };
    },
    onSuccess: (answer, { track }, context) => {
      track.localId = answer._id;
      cache.write(settlePress(cache.items(), context.outcome.id, answer));
    },
    onError: (_error, _variables, context) => {
      if (context) cache.write(undoPress(cache.items(), context.outcome));
    },
    onSettled: (_answer, error) => cache.settle(error !== null),
  });
}
