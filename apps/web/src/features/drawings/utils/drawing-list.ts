import type { Drawing } from '@app/contracts/film';

/** The list with `saved` in it (new, or in place of its older self), in time order as the server lists it. */
export function withDrawing(list: readonly Drawing[], saved: Drawing): Drawing[] {
  return [...list.filter((d) => d._id !== saved._id), saved].sort((a, b) => a.at - b.at);
}
