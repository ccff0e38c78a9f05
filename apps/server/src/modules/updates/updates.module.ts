import type { FastifyInstance } from 'fastify';
import type { NotificationListener } from '../../db/notification-listener';
import type { Runtime } from '../../runtime';
import { taggedRoutes } from '../../plugins/api-docs';
import type { UsersService } from '../users/users.service';
import { createUpdatesHub } from './updates-hub';
import { registerUpdatesPosition } from './updates-position';
import { createUpdatesRepo } from './updates.repo';
import { updatesRoutes } from './updates.routes';
import { createUpdatesService } from './updates.service';

export interface UpdatesModuleDeps {
  runtime: Pick<Runtime, 'db'>;
  users: UsersService;
  /** The node's one LISTEN connection (it hears TEAM_UPDATE_CHANNEL). */
  dbListener: NotificationListener;
}

/** `GET /api/updates`, the node's fan-out of team updates to its open streams, and the lists' update position. */
export async function registerUpdates(app: FastifyInstance, { runtime, users, dbListener }: UpdatesModuleDeps): Promise<void> {
  const { db } = runtime;
  const repo = createUpdatesRepo(db);
  const hub = createUpdatesHub({ repo, notifications: dbListener, log: app.log.child({ component: 'team-updates' }) });
  // Lists that open pages keep current tell where the update stream stood when they were read.
  registerUpdatesPosition(app, hub);
  const updates = createUpdatesService({ repo, hub, users });
  await app.register(taggedRoutes('updates', updatesRoutes), { updates, onClose: () => hub.close() });
  app.decorate('teamUpdateStreams', () => hub.subscribers);
}
