import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import type { Runtime } from '../../runtime';
import { taggedRoutes } from '../../plugins/api-docs';
import type { ScheduleEvents } from './schedule.service';
import type { TeamsService } from '../teams/teams.service';
import type { UsersService } from '../users/users.service';
import { calendarRoutes } from './calendar.routes';
import { createCalendarService } from './calendar.service';
import { scheduleLinksRoutes } from './schedule-links.routes';
import { createScheduleMail, type ScheduleMailContext } from './schedule-mail';
import { createScheduleRepo } from './schedule.repo';
import { scheduleRoutes } from './schedule.routes';
import { createScheduleService, gameFromEvent, type ScheduleService } from './schedule.service';

export interface ScheduleModuleDeps {
  config: Config;
  runtime: Pick<Runtime, 'db' | 'events'>;
  teams: TeamsService;
  users: UsersService;
  /** The live module's events: a game's live event is set up there. */
  liveEvents: ScheduleEvents;
}

/** The team schedule, its answer links and the private calendar feeds. */
export async function registerSchedule(app: FastifyInstance, { config, runtime, teams, users, liveEvents }: ScheduleModuleDeps): Promise<ScheduleService> {
  const { db } = runtime;
  const repo = createScheduleRepo(db);
  const schedule = createScheduleService({ repo, db, domainEvents: runtime.events, config, events: liveEvents, teams });
  await app.register(taggedRoutes('schedule', scheduleRoutes), { schedule });
  await app.register(taggedRoutes('schedule', scheduleLinksRoutes), { config, schedule });
  await app.register(taggedRoutes('schedule', calendarRoutes), { config, calendar: createCalendarService({ repo, db, config, users }) });
  return schedule;
}

/** What the schedule hears of other modules, once per process: a game set up on /live goes on its team's schedule. */
export function subscribeSchedule(events: Pick<DomainEvents, 'on'>, { db, config }: { db: Db; config: Pick<Config, 'mail'> }): void {
  const repo = createScheduleRepo(db);
  events.on('live.eventCreated', (tx, event) => gameFromEvent(tx, { repo, config }, event));
}

/** The schedule jobs' e-mails (schedule-mail.job.ts, schedule-reminder.job.ts), on the job's database. */
export const scheduleMail = (ctx: ScheduleMailContext) => createScheduleMail(ctx, createScheduleRepo(ctx.db));
