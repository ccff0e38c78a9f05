import type { FastifyInstance } from 'fastify';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import type { EventsService } from '../live/events.service';
import { createRecording } from '../live/live.module';
import type { TeamsService } from '../teams/teams.service';
import type { VideosService } from '../videos/videos.service';
import { createCodesRepo } from './codes.repo';
import { codesRoutes } from './codes.routes';
import { createCodesService } from './codes.service';
import { createTagsRepo } from './tags.repo';
import { tagsRoutes } from './tags.routes';
import { createTagsService } from './tags.service';

export interface TagsDeps extends ModuleBase {
  teams: Pick<TeamsService, 'activeChannel' | 'teamOf' | 'sharedTeams' | 'activeChannelId' | 'memberChannelById'>;
  videos: Pick<VideosService, 'visibleVideo'>;
  liveEvents: Pick<EventsService, 'visibleEvent' | 'byId'>;
}

/**
 * Film study's tagging: a team's code window (`/api/team/codes`) and the tagged instances of its videos and
 * live games, with Sportscode XML and CSV export and import.
 */
export async function registerTags(app: FastifyInstance, { runtime: { db }, teams, videos, liveEvents }: TagsDeps): Promise<void> {
  const repo = createTagsRepo(db);
  const codes = createCodesService({ db, repo: createCodesRepo(db), tags: repo, teams });
  await app.register(taggedRoutes('tags', codesRoutes), { codes });
  await app.register(taggedRoutes('tags', tagsRoutes), { tags: createTagsService({ db, repo, codes, teams, videos, liveEvents, recording: createRecording(db) }) });
}
