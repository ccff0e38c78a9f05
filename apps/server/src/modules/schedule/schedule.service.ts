import { randomUUID } from 'node:crypto';
import { NOT_A_TEAM_MEMBER, type UpdateData } from '@app/contracts/talk';
import {
  RSVP_LINK_INVALID,
  SCHEDULE_ITEM_NOT_FOUND,
  type CreateScheduleItemBody,
  type RsvpAnswer,
  type RsvpCounts,
  type RsvpTokenView,
  type ScheduleItemDetail,
  type ScheduleList,
  type UpdateScheduleItemBody,
} from '@app/contracts/schedule';
import type { CreateEventResponse, SportCode } from '@app/contracts/live';
import { parseScheduleTime } from '@app/contracts/zoned-time';
import type { Caller } from '../../caller';
import { capabilityLink, unknownLink } from '../../capability-links';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import type { DomainEventMap, DomainEvents } from '../../domain-events';
import { AppError } from '../../errors';
import { sendJobIn } from '../../jobs/job-queue';
import { requireActiveTeam } from '../teams/active-team';
import type { TeamsService } from '../teams/teams.service';
import { recordUpdate } from '../updates/record-update';
import { createSchedulePages, SCHEDULE_KEEP_MS } from './schedule-pages';
import type { NewScheduleItem, ScheduleItemRow, ScheduleRepo } from './schedule.repo';
import { itemFacts, toScheduleItem } from './schedule-view';
import { scheduleLinks } from './rsvp-token';
import { scheduleWindow } from './schedule-window';
import { shiftWallClock, weeklyOccurrences } from './weekly-series';

export const OWNER_ONLY = 'Only the team owner can change the schedule.';
/** An answer to a cancelled item: there is nothing to come to. */
const ITEM_CANCELLED = 'This has been cancelled.';
/** A game set up on /live lasts this long on the schedule until the owner says otherwise. */
const GAME_MS = 2 * 3600_000;

/** The events service as the schedule uses it: a game's live event is set up there. */
export interface ScheduleEvents {
  createLinked(caller: Caller, body: { title: string; date: string; type: SportCode; thumbnail: string; public: boolean }): Promise<CreateEventResponse & { id: string }>;
}

declare module '../../domain-events' {
  interface DomainEventMap {
    /** The owner put something new on the team's schedule (a weekly series is one: its first date). */
    'schedule.itemCreated': { tenantId: string; channelId: number; itemId: string; title: string; createdBy: number };
  }
}

export interface ScheduleServiceDeps {
  repo: ScheduleRepo;
  db: Db;
  /** What the schedule announces to other modules (`events` is the live events service). */
  domainEvents: DomainEvents;
  config: Pick<Config, 'mail'>;
  /** Where a game's live event is set up. */
  events: ScheduleEvents;
  teams: Pick<TeamsService, 'activeChannel' | 'activeChannelVersion'>;
}

type ScheduleChange = UpdateData['schedule']['change'];

/** What every open schedule page of the item's team hears; call it last in the write's transaction. */
const announce = (tx: Pick<Executor, 'execute' | 'insert'>, item: Pick<ScheduleItemRow, 'id' | 'tenantId' | 'channelId'>, change: ScheduleChange) =>
  recordUpdate(tx, { tenantId: item.tenantId, channelId: item.channelId }, 'schedule', { _id: item.id, change });

/**
 * Queues the reminder for the item's start (a moved item's old reminder finds the start changed and stops).
 * An item that starts sooner than the reminder comes before gets none: its new or changed e-mail just went.
 */
async function queueReminder(tx: Pick<Executor, 'execute'>, config: Pick<Config, 'mail'>, item: ScheduleItemRow) {
  const at = item.startsAt.getTime() - config.mail.scheduleReminderHours * 3600_000;
  if (at < Date.now()) return;
  await sendJobIn(tx, 'schedule-reminder', { itemId: item.id, startsAtMs: item.startsAt.getTime() }, { startAfter: new Date(at) });
}

/** A game set up on /live goes on its team's schedule, with its live key, in the transaction that created the event. */
export async function gameFromEvent(
  tx: Executor,
  { repo, config }: { repo: ScheduleRepo; config: Pick<Config, 'mail'> },
  event: DomainEventMap['live.eventCreated'],
): Promise<void> {
  if (event.channelId === null) return;
  const timeZone = (await repo.lastTimeZone(tx, event.channelId)) ?? 'UTC';
  const [item] = await repo.insert(tx, [
    { tenantId: event.tenantId, channelId: event.channelId, kind: 'game', title: event.title, startsAt: event.startsAt, endsAt: new Date(event.startsAt.getTime() + GAME_MS), timeZone, liveEventId: event.id, createdBy: event.ownerUserId },
  ]);
  await queueReminder(tx, config, item!);
  await sendJobIn(tx, 'schedule-mail', { itemId: item!.id, change: 'new' });
  await announce(tx, item!, 'new');
}

/**
 * The team schedule. Every write to an item or an answer records a `schedule` team update in its own
 * transaction: open pages hear it, and the kept lists (schedule-pages.ts) see their version move.
 */
export function createScheduleService({ repo, db, domainEvents, config, events, teams }: ScheduleServiceDeps) {
  const pages = createSchedulePages({ teams });
  const answerLink = capabilityLink(db, async (token) => (await scheduleLinks(db)).rsvpTokenOf(token));
  const mailOffLink = capabilityLink(db, async (token) => {
    const userId = (await scheduleLinks(db)).mailOffUser(token);
    return userId === null ? null : { userId };
  });
  async function member(caller: Caller) {
    const team = await requireActiveTeam(teams, caller);
    return { user: team.user, channel: team.channel, isOwner: team.channel.ownerUserId === team.user.id };
  }

  async function ownedItem(caller: Caller, id: string): Promise<{ userId: number; item: ScheduleItemRow }> {
    const { user, channel, isOwner } = await member(caller);
    const item = await repo.row(db, id);
    if (!item || item.channelId !== channel.id) throw new AppError('NOT_FOUND', SCHEDULE_ITEM_NOT_FOUND);
    if (!isOwner) throw new AppError('FORBIDDEN', OWNER_ONLY);
    return { userId: user.id, item };
  }

  return {
    /** `GET /api/team/schedule?from=&to=` as the JSON `serialize` makes of it (kept while nothing it shows changed: schedule-pages.ts). */
    async listJson(caller: Caller, query: { from?: string | undefined; to?: string | undefined }, serialize: (list: ScheduleList) => string): Promise<Buffer> {
      return pages.read(caller, `${query.from ?? ''}\u0000${query.to ?? ''}`, async ({ userId, channelId }, now) => {
        const window = scheduleWindow(query, now, SCHEDULE_KEEP_MS);
        const rows = await repo.list(userId, [channelId], new Date(window.from), new Date(window.readTo));
        const items = rows.filter((row) => row.startsAt.getTime() < window.to).map(toScheduleItem);
        return { json: serialize({ items }), until: window.sameUntil(rows.map((row) => row.startsAt.getTime())) };
      });
    },

    async get(caller: Caller, id: string): Promise<ScheduleItemDetail> {
      const { user, channel, isOwner } = await member(caller);
      const row = await repo.get(user.id, id);
      if (!row || row.channelId !== channel.id) throw new AppError('NOT_FOUND', SCHEDULE_ITEM_NOT_FOUND);
      const item = toScheduleItem(row);
      if (!isOwner) return item;
      const responses = (await repo.responses(channel.id, id)).map((r) => ({ username: r.username, name: r.name, answer: r.answer, note: r.note, at: r.at?.toISOString() ?? null }));
      return { ...item, responses };
    },

    async create(caller: Caller, body: CreateScheduleItemBody & { location: string; notes: string }): Promise<{ _id: string }> {
      const { user, channel, isOwner } = await member(caller);
      if (!isOwner) throw new AppError('FORBIDDEN', OWNER_ONLY);
      const start = parseScheduleTime(body.start, body.timeZone);
      const end = parseScheduleTime(body.end, body.timeZone);
      const seriesId = body.repeat ? randomUUID() : null;
      const times = body.repeat ? weeklyOccurrences(start, end, body.timeZone, body.repeat.until) : [{ start, end }];
      const base = { tenantId: caller.tenantId, channelId: channel.id, kind: body.kind, title: body.title, timeZone: body.timeZone, location: body.location, notes: body.notes, seriesId, createdBy: user.id };
      const rows: NewScheduleItem[] = times.map((t) => ({ ...base, startsAt: new Date(t.start), endsAt: new Date(t.end) }));
      const first = await repo.transaction(async (tx) => {
        const inserted = await repo.insert(tx, rows);
        for (const item of inserted) await queueReminder(tx, config, item);
        const head = inserted[0]!;
        const repeat = body.repeat ? `Every week until ${body.repeat.until} (${inserted.length} dates)` : undefined;
        await sendJobIn(tx, 'schedule-mail', { itemId: head.id, change: 'new', ...(repeat && { repeat }) });
        await domainEvents.emit(tx, 'schedule.itemCreated', { tenantId: caller.tenantId, channelId: channel.id, itemId: head.id, title: body.title, createdBy: user.id });
        await announce(tx, head, 'new');
        return head;
      });
      return { _id: first.id };
    },

    async update(caller: Caller, id: string, body: UpdateScheduleItemBody & { scope: 'one' | 'following' }): Promise<ScheduleItemDetail> {
      const { item } = await ownedItem(caller, id);
      const timeZone = body.timeZone ?? item.timeZone;
      const start = body.start !== undefined ? parseScheduleTime(body.start, timeZone) : item.startsAt.getTime();
      const end = body.end !== undefined ? parseScheduleTime(body.end, timeZone) : item.endsAt.getTime() + (body.start !== undefined ? start - item.startsAt.getTime() : 0);
      if (Number.isNaN(start)) throw new AppError('VALIDATION_FAILED', 'Start must be a date and time (ISO 8601)');
      if (Number.isNaN(end)) throw new AppError('VALIDATION_FAILED', 'End must be a date and time (ISO 8601)');
      if (end <= start) throw new AppError('VALIDATION_FAILED', 'End must be after start');
      const shift = { days: 0, ms: start - item.startsAt.getTime() };
      const duration = end - start;
      const fields = {
        ...(body.kind !== undefined && { kind: body.kind }),
        ...(body.title !== undefined && { title: body.title }),
        ...(body.location !== undefined && { location: body.location }),
        ...(body.notes !== undefined && { notes: body.notes }),
        timeZone,
      };
      await repo.transaction(async (tx) => {
        const targets = body.scope === 'following' && item.seriesId ? await repo.following(tx, item) : [(await repo.row(tx, id, true))!];
        for (const target of targets) {
          // Later occurrences keep their own date: the same wall-clock shift in the venue's zone.
          const startsAt = target.id === item.id ? start : shiftWallClock(target.startsAt.getTime(), timeZone, { days: 0, ms: shift.ms });
          const moved = startsAt !== target.startsAt.getTime() || startsAt + duration !== target.endsAt.getTime() || timeZone !== target.timeZone;
          const relocated = fields.location !== undefined && fields.location !== target.location;
          const changed = moved || relocated;
          const [updated] = await repo.update(tx, target.id, { ...fields, startsAt: new Date(startsAt), endsAt: new Date(startsAt + duration), sequence: target.sequence + (changed ? 1 : 0) });
          if (moved) await queueReminder(tx, config, updated!);
          if (changed && target.id === item.id) {
            const repeat = targets.length > 1 ? `This and the following ${targets.length - 1} dates changed` : undefined;
            await sendJobIn(tx, 'schedule-mail', { itemId: item.id, change: 'changed', ...(repeat && { repeat }) });
          }
        }
        await announce(tx, item, 'changed');
      });
      return this.get(caller, id);
    },

    /** Cancels: the item stays, status 'cancelled', and every member is told. */
    async cancel(caller: Caller, id: string): Promise<void> {
      const { item } = await ownedItem(caller, id);
      if (item.status === 'cancelled') return;
      await repo.transaction(async (tx) => {
        await repo.update(tx, id, { status: 'cancelled', sequence: item.sequence + 1 });
        await sendJobIn(tx, 'schedule-mail', { itemId: id, change: 'cancelled' });
        await announce(tx, item, 'cancelled');
      });
    },

    async rsvp(caller: Caller, id: string, body: { answer: RsvpAnswer; note?: string | undefined }): Promise<RsvpCounts> {
      const { user, channel } = await member(caller);
      const item = await repo.row(db, id);
      if (!item || item.channelId !== channel.id) throw new AppError('NOT_FOUND', SCHEDULE_ITEM_NOT_FOUND);
      if (item.status === 'cancelled') throw new AppError('CONFLICT', ITEM_CANCELLED);
      await repo.transaction(async (tx) => {
        await repo.upsertRsvp(tx, user.id, id, body.answer, body.note);
        await announce(tx, item, 'answer');
      });
      return toScheduleItem((await repo.get(user.id, id))!).rsvp;
    },

    /** The facts an answer link's page shows (on the host of the link's tenant); changes nothing. */
    async linkView(hostTenantId: string, token: string): Promise<RsvpTokenView> {
      const { userId, item, series } = await linkTarget(hostTenantId, token);
      const team = await repo.channelInfo(item.channelId);
      const who = await repo.user(userId);
      const mine = await repo.get(userId, item.id);
      return {
        item: itemFacts(item),
        team: team?.teamName ?? '',
        name: who?.name || who?.username || '',
        myRsvp: mine?.myAnswer ?? null,
        myNote: mine?.myNote ?? null,
        ...(series && { seriesDates: (await repo.seriesAhead(db, item, new Date())).length }),
      };
    },

    /** Records the link's answer (and note): a series link answers every date of the series from its item on. */
    async answerByLink(hostTenantId: string, token: string, body: { answer: RsvpAnswer; note?: string | undefined }): Promise<RsvpTokenView> {
      const { userId, item, series } = await linkTarget(hostTenantId, token);
      await repo.transaction(async (tx) => {
        const targets = series ? await repo.seriesAhead(tx, item, new Date()) : item.status === 'cancelled' ? [] : [item];
        if (targets.length === 0) throw new AppError('CONFLICT', ITEM_CANCELLED);
        for (const target of targets) {
          await repo.upsertRsvp(tx, userId, target.id, body.answer, body.note);
          await announce(tx, target, 'answer');
        }
      });
      return this.linkView(hostTenantId, token);
    },

    /** One-click unsubscribe from schedule e-mail. */
    async mailOff(hostTenantId: string, token: string): Promise<{ reminderEmail: boolean }> {
      const target = await mailOffLink(hostTenantId, token);
      if (!target) throw unknownLink('This link is not valid.');
      await repo.setReminderEmail(target.userId, false);
      return { reminderEmail: false };
    },

    async mailSettings(caller: Caller): Promise<{ reminderEmail: boolean }> {
      const { user } = await member(caller).catch(() => ({ user: caller.user }));
      const row = user && (await repo.user(user.id));
      return { reminderEmail: row?.reminderEmail ?? true };
    },

    async setMailSettings(caller: Caller, on: boolean): Promise<{ reminderEmail: boolean }> {
      const user = caller.user;
      if (!user) throw new AppError('FORBIDDEN', NOT_A_TEAM_MEMBER);
      await repo.setReminderEmail(user.id, on);
      return { reminderEmail: on };
    },

    /** `POST /api/team/schedule/{id}/stream`: sets up the game's live event and links it. */
    async stream(caller: Caller, id: string, body: { type: SportCode; public: boolean }): Promise<CreateEventResponse> {
      const { item } = await ownedItem(caller, id);
      if (item.kind !== 'game') throw new AppError('CONFLICT', 'Only a game can be streamed.');
      if (item.liveEventId) throw new AppError('CONFLICT', 'This game already has a stream.');
      const created = await events.createLinked(caller, { title: item.title, date: item.startsAt.toISOString(), type: body.type, thumbnail: '', public: body.public });
      await repo.transaction(async (tx) => {
        await repo.update(tx, id, { liveEventId: created.id });
        await announce(tx, item, 'changed');
      });
      return { key: created.key, ingestKey: created.ingestKey };
    },
  };

  /** The member and item a signed answer link is for; unknown for a forged link, or one whose member left the team. */
  async function linkTarget(hostTenantId: string, token: string): Promise<{ userId: number; item: ScheduleItemRow; series: boolean }> {
    const target = await answerLink(hostTenantId, token);
    const item = target && (await repo.row(db, target.itemId));
    if (!target || !item || !(await repo.isMember(item.channelId, target.userId))) throw unknownLink(RSVP_LINK_INVALID);
    return { userId: target.userId, item, series: target.series && item.seriesId !== null };
  }
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
