/**
 * What a flow that ends on another page says happened there ("2 invitations sent."): carried in the
 * navigation's history state, shown once by the signed-in shell as a toast.
 */
export type RouteNoticeState = { notice: string };

export const withNotice = (notice: string): RouteNoticeState => ({ notice });

export function noticeOf(state: unknown): string | null {
  const notice = (state as Partial<RouteNoticeState> | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}
