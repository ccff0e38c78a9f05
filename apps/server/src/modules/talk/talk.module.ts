import type { FastifyInstance } from 'fastify';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import type { BillingService } from '../billing/billing.service';
import type { ClipsService } from '../clips/clips.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ReelsService } from '../reels/reels.service';
import type { TeamsService } from '../teams/teams.service';
import type { UsersService } from '../users/users.service';
import { activityRepo } from './activity.repo';
import { activityRoutes } from './activity.routes';
import { createActivityService } from './activity.service';
import { boardRoutes } from './board.routes';
import { createBoardService } from './board.service';
import { channelMessagesRepo as repo } from './channel-messages.repo';
import { commentsRoutes } from './comments.routes';
import { createCommentsService } from './comments.service';

export interface TalkDeps extends ModuleBase {
  users: Pick<UsersService, 'find' | 'byId'>;
  teams: Pick<TeamsService, 'activeChannel' | 'activeChannelVersion' | 'memberChannel' | 'membersNamed' | 'ownedChannel'>;
  billing: Pick<BillingService, 'level'>;
  clips: Pick<ClipsService, 'visible'>;
  reels: Pick<ReelsService, 'visible'>;
  notifications: Pick<NotificationsService, 'notify' | 'withdraw'>;
}

/**
 * Team talk: the board (posts, shared reels, threads of replies), the activity feed and the comments
 * on clips. Its routes only; what other modules announce reaches the feed through subscribeTalk
 * (talk-subscriptions.ts), which the runtime makes once for the app and the job workers.
 */
export async function registerTalk(app: FastifyInstance, deps: TalkDeps): Promise<void> {
  const { runtime: { db, storage }, users, teams, billing, clips, reels, notifications } = deps;
  await app.register(taggedRoutes('talk', boardRoutes), { board: createBoardService({ db, repo, storage, teams, users, reels, notifications }) });
  await app.register(taggedRoutes('talk', activityRoutes), { activity: createActivityService({ db, repo: activityRepo, storage, teams, billing }) });
  await app.register(taggedRoutes('talk', commentsRoutes), { comments: createCommentsService({ db, repo, teams, clips, users, notifications }) });
}
