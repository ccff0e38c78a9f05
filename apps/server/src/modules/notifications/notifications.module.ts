import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Identity } from '../identity/identity';
import type { UsersService } from '../users/users.service';
import { createNotificationsRepo } from './notifications.repo';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

export interface NotificationsDeps {
  config: Config;
  db: Db;
  identity: Identity;
  users: Pick<UsersService, 'find' | 'requireRegistered' | 'signedIn'>;
}

/**
 * Every way a user is told (the bell, its updates, the e-mail digest and its unsubscribe link): its
 * routes, and the service whose `notify` other modules call in their cause's transaction. Its one job,
 * `notification-mail`, is listed in the job registry.
 */
export async function registerNotifications(app: FastifyInstance, { config, db, identity, users }: NotificationsDeps): Promise<NotificationsService> {
  const notifications = createNotificationsService({ db, repo: createNotificationsRepo(db), users });
  await app.register(notificationsRoutes, { config, identity, users, notifications });
  return notifications;
}
