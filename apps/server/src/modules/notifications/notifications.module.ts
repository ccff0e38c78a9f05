import type { FastifyInstance } from 'fastify';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import type { UsersService } from '../users/users.service';
import { createNotificationsRepo } from './notifications.repo';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

export interface NotificationsDeps extends ModuleBase {
  users: Pick<UsersService, 'find' | 'requireRegistered'>;
}

/**
 * Every way a user is told (the bell, its updates, the e-mail digest and its unsubscribe link): its
 * routes, and the service whose `notify` other modules call in their cause's transaction. Its one job,
 * `notification-mail`, is listed in the job registry.
 */
export async function registerNotifications(app: FastifyInstance, { config, runtime: { db }, users }: NotificationsDeps): Promise<NotificationsService> {
  const notifications = createNotificationsService({ db, repo: createNotificationsRepo(db), users });
  await app.register(taggedRoutes('notifications', notificationsRoutes), { config, notifications });
  return notifications;
}
