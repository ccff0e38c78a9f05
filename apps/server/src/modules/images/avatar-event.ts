import type { DomainEvents } from '../../domain-events';
import type { Executor } from '../../db/job-transaction';

declare module '../../domain-events' {
  interface DomainEventMap {
    /**
     * A ready avatar became a user's picture (`image`, its address), or a deleted one stopped being it
     * (`image` null, only while the picture is still `replacing`: deleting an old avatar must not clear
     * a newer one). Emitted in the image's transaction; the users module keeps `users.image` with it.
     */
    'image.avatar-changed': { userId: number; image: string | null; replacing?: string };
  }
}

export const avatarChanged = (events: Pick<DomainEvents, 'emit'>, tx: Executor, payload: { userId: number; image: string | null; replacing?: string }) =>
  events.emit(tx, 'image.avatar-changed', payload);
