import {
  LEAD_LAG_MAX,
  TAG_LABELS_MAX,
  type CreateLiveTagBody,
  type CreateTagBody,
  type Tag,
  type TagFilter,
  type TagImportResult,
  type TagList,
  type UpdateTagBody,
} from '@app/contracts/film';
import { NOT_A_TEAM_MEMBER } from '@app/contracts/talk';
import type { Caller } from '../../caller';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../uuid';
import { EVENT_NOT_FOUND, type EventsService, type VisibleEvent } from '../live/events.service';
import type { RecordingService } from '../live/recording.service';
import type { TeamsService } from '../teams/teams.service';
import { recordUpdate } from '../updates/record-update';
import type { VideosService, VisibleVideo } from '../videos/videos.service';
import { buttonNamed } from './code-window';
import type { CodesService, TeamOfCaller } from './codes.service';
import { readSportscodeXml, toSportscodeXml } from './sportscode-xml';
import { checkInstances, cleanLabels, toMs } from './tag-file';
import { readTagsCsv, toTagsCsv } from './tags-csv';
import type { TagRow, TagSource, TagsRepo } from './tags.repo';
import { requireFilmStudyMember } from './film-study-team';

export const TAG_NOT_FOUND = 'Tag not found.';
export const TAG_CHANGERS_ONLY = "Only the tag's maker or the team's owner can change it.";
export const VIDEO_NOT_READY = 'The video is still being processed. Tag it once it is ready.';
export const GAME_NOT_STARTED = 'The game has not started: there is nothing to tag yet.';
export const GAME_ENDED_AT = 'body.at: The game has ended: name the moment (seconds of the game).';
export const notAButton = (code: string) => `body.code: '${code}' is not a button of the team's code window.`;

/** A team's view of a video, or of one of its live games; the caller is a member of the team. */
type VideoSource = { team: TeamOfCaller; video: VisibleVideo; event?: undefined };
type Source = VideoSource | { team: TeamOfCaller; event: VisibleEvent['event']; video?: undefined };

/** Where a source's instances may lie, in its seconds. */
interface Bounds {
  /** What a press names the moment within, for messages: 'the video', 'the game so far'. */
  what: string;
  /** The latest moment a press may name: the video's end, or the game's last stored second. */
  last: number;
  /** Where an instance may end: the video's end; the game's, and while it is live up to the longest lag past its last second. */
  endLimit: number;
  /** A live game's live edge (seconds of the game), else null. */
  liveEdge: number | null;
}

export type TagFileFormat = 'xml' | 'csv';

export interface TagsServiceDeps {
  db: Db;
  repo: TagsRepo;
  codes: Pick<CodesService, 'buttonsOf' | 'labelsOf' | 'addCodes'>;
  teams: Pick<TeamsService, 'sharedTeams' | 'activeChannelId' | 'memberChannelById'>;
  videos: Pick<VideosService, 'visibleVideo'>;
  liveEvents: Pick<EventsService, 'visibleEvent' | 'byId'>;
  /** Where a live game's edge is (its last stored second). */
  recording: RecordingService;
}

const toTag = (row: TagRow): Tag => ({
  _id: row.id,
  code: row.code,
  start: row.startSec,
  end: row.endSec,
  labels: row.labels,
  by: row.by,
  createdAt: row.createdAt.toISOString(),
});

const tagSource = (source: Source): TagSource => (source.video ? { videoId: source.video.id } : { eventId: source.event.id });

/** A 404 of another module (the video, the game, the team) as the 404 of the tag, which tells nothing more. */
const asTagNotFound = (err: unknown): never => {
  if (err instanceof AppError && err.statusCode === 404) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
  throw err;
};

/** The name a downloaded file of a video's tags gets: its title without control or path characters, else 'Video'. */
// eslint-disable-next-line no-control-regex
const fileBase = (title: string | null) => (title ?? '').replace(/[\u0000-\u001f\u007f/\\]+/g, ' ').replace(/\s+/g, ' ').trim() || 'Video';

/**
 * Film-study tags: instances of a team's codes on a video or a live game, seen and made by the team's
 * members (404 for anyone else, as for an unknown key), changed and deleted by their maker or the team's
 * owner. Every change records a `tag` update for the team's members, in its transaction.
 */
export function createTagsService({ db, repo, codes, teams, videos, liveEvents, recording }: TagsServiceDeps) {

  /**
   * A video the caller may see, with the team it is tagged in: the caller's active team when the video's
   * owner is in it, else the first team the caller shares with the owner. The owner in no team gets 403.
   */
  async function videoSource(caller: Caller, key: string): Promise<VideoSource> {
    const video = await videos.visibleVideo(caller, key);
    const shared = await teams.sharedTeams(video.tenantId, video.ownerUserId, video.viewerUserId);
    if (shared.length === 0) throw new AppError('FORBIDDEN', NOT_A_TEAM_MEMBER);
    const active = await teams.activeChannelId(caller);
    const team = shared.find((t) => t.id === active) ?? shared[0]!;
    return { video, team: requireFilmStudyMember(await teams.memberChannelById(caller, team.id)) };
  }

  /** A game of a team the caller is a member of: 404 for anyone else, a fan who may watch it too. */
  async function gameSource(caller: Caller, key: string): Promise<Source> {
    const { event } = await liveEvents.visibleEvent(caller, key);
    if (event.channelId === null) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
    const team = await teams.memberChannelById(caller, event.channelId).catch(() => {
      throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
    });
    return { event, team: requireFilmStudyMember(team) };
  }

  /** A tag with its source, for a member of its team who may still see its video or game; 404 for anyone else. */
  async function tagOf(caller: Caller, id: string): Promise<{ row: TagRow; source: Source }> {
    const row = isUuid(id) ? await repo.byId(caller.tenantId, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
    const team = await teams.memberChannelById(caller, row.channelId).catch(asTagNotFound);
    // A fan in the team is told no more of a tag than anyone outside it.
    if (team.user.type === 'fan') throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
    if (row.videoId) return { row, source: { team, video: await videos.visibleVideo(caller, row.videoId).catch(asTagNotFound) } };
    const event = await liveEvents.byId(row.eventId!);
    if (!event) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
    await liveEvents.visibleEvent(caller, event.key).catch(asTagNotFound);
    return { row, source: { team, event } };
  }

  /**
   * A video's seconds are its own. A game's are seconds since its real start by the wall clock (its first
   * stored second; `startDate` of `GET /api/live/{key}`), as a live clip's position in the game is. The
   * archive's player shows the same seconds until an encoder reconnect leaves a gap in the recording.
   */
  async function boundsOf(source: Source): Promise<Bounds> {
    if (source.video) {
      const { status, durationSec } = source.video;
      if (status !== 'ready' || !durationSec) throw new AppError('CONFLICT', VIDEO_NOT_READY);
      return { what: 'the video', last: toMs(durationSec), endLimit: toMs(durationSec), liveEdge: null };
    }
    const { event } = source;
    const range = await recording.recordedRange(event.id);
    if (!range) throw new AppError('CONFLICT', GAME_NOT_STARTED);
    const startMs = event.startedAt?.getTime() ?? range.startMs;
    const soFar = toMs((range.endMs - startMs) / 1000);
    if (event.status !== 'live') return { what: 'the game', last: soFar, endLimit: soFar, liveEdge: null };
    // The live edge is "now" on the server's clock, at most the last stored second (a press is always a
    // segment or two ahead of what is stored, as for live clips).
    const liveEdge = toMs((Math.min(Date.now(), range.endMs) - startMs) / 1000);
    return { what: 'the game so far', last: soFar, endLimit: soFar + LEAD_LAG_MAX, liveEdge };
  }

  const within = (what: string, seconds: number) => `within ${what} (0 to ${Math.floor(seconds)} s)`;

  function record(tx: Parameters<typeof recordUpdate>[0], { team, video, event }: Source, id: string, change: 'new' | 'changed' | 'deleted') {
    return recordUpdate(tx, { tenantId: team.channel.tenantId, channelId: team.channel.id }, 'tag', { _id: id, video: video?.id ?? null, event: event?.key ?? null, change });
  }

  async function buttonFor(source: Source, code: string) {
    const button = buttonNamed(await codes.buttonsOf(source.team), code);
    if (!button) throw new AppError('VALIDATION_FAILED', notAButton(code));
    return button;
  }

  /**
   * A press of a button at `at`: the instance [at - lead, at + lag] within the source; or, while the
   * maker's instance of that code is still running at `at`, that instance extended to at + lag (its labels
   * joined by the new ones).
   */
  async function press(source: Source, at: number | undefined, body: Pick<CreateTagBody, 'code' | 'labels'>): Promise<{ created: boolean; tag: Tag }> {
    const bounds = await boundsOf(source);
    const given = at ?? bounds.liveEdge;
    if (given === null) throw new AppError('VALIDATION_FAILED', GAME_ENDED_AT);
    const moment = toMs(given);
    if (moment > bounds.last) throw new AppError('VALIDATION_FAILED', `body.at: The moment must be ${within(bounds.what, bounds.last)}.`);
    const button = await buttonFor(source, body.code);
    const labels = cleanLabels(body.labels ?? []);
    const end = toMs(Math.min(moment + button.lagSeconds, bounds.endLimit));
    const { user, channel } = source.team;
    const where = { channelId: channel.id, source: tagSource(source), makerUserId: user.id, code: button.name };
    const { created, row } = await db.transaction(async (tx) => {
      await repo.lockPresses(tx, user.id);
      const running = await repo.running(tx, { ...where, at: moment });
      if (running) {
        const joined = cleanLabels([...running.labels, ...labels]);
        if (joined.length > TAG_LABELS_MAX) throw new AppError('VALIDATION_FAILED', `body.labels: An instance has at most ${TAG_LABELS_MAX} labels.`);
        const row = await repo.update(tx, channel.tenantId, running.id, { code: running.code, start: running.startSec, end: Math.max(running.endSec, end), labels: joined });
        await record(tx, source, running.id, 'changed');
        return { created: false, row: row! };
      }
      const id = await repo.insert(tx, { ...where, tenantId: channel.tenantId, start: toMs(Math.max(0, moment - button.leadSeconds)), end, labels });
      await record(tx, source, id, 'new');
      return { created: true, row: (await repo.byId(channel.tenantId, id, tx))! };
    });
    return { created, tag: toTag(row) };
  }

  const list = async (source: Source, filter: TagFilter): Promise<TagList> => ({ items: (await repo.list(source.team.channel.id, tagSource(source), filter)).map(toTag) });
  const everything: TagFilter = { code: [], label: [], match: 'all' };

  async function changeable(caller: Caller, id: string) {
    const found = await tagOf(caller, id);
    const { user, channel } = found.source.team;
    if (found.row.makerUserId !== user.id && channel.ownerUserId !== user.id) throw new AppError('FORBIDDEN', TAG_CHANGERS_ONLY);
    return found;
  }

  return {
    /** `GET /api/user/videos/{key}/tags?code=&label=&match=`: the team's tags of the video, in start order. */
    listOfVideo: async (caller: Caller, key: string, filter: TagFilter) => list(await videoSource(caller, key), filter),

    /** `GET /api/live/{key}/tags?...`: the team's tags of its game. */
    listOfGame: async (caller: Caller, key: string, filter: TagFilter) => list(await gameSource(caller, key), filter),

    /** `POST /api/user/videos/{key}/tags {code, at, labels?}`. */
    pressOnVideo: async (caller: Caller, key: string, body: CreateTagBody) => press(await videoSource(caller, key), body.at, body),

    /** `POST /api/live/{key}/tags {code, at?, labels?}`: `at` left out is the live edge. */
    pressOnGame: async (caller: Caller, key: string, body: CreateLiveTagBody) =>
      press(await gameSource(caller, key), body.at, body),

    /** `PUT /api/user/tags/{id}`: by its maker or the team's owner; the result still within its video or game, start before end. */
    async update(caller: Caller, id: string, body: UpdateTagBody): Promise<Tag> {
      const { row, source } = await changeable(caller, id);
      const bounds = await boundsOf(source);
      const code = body.code === undefined ? row.code : (await buttonFor(source, body.code)).name;
      const start = body.start === undefined ? row.startSec : toMs(body.start);
      const end = body.end === undefined ? row.endSec : toMs(body.end);
      if (body.start !== undefined && start > bounds.endLimit) throw new AppError('VALIDATION_FAILED', `body.start: The start must be ${within(bounds.what, bounds.endLimit)}.`);
      if (body.end !== undefined && end > bounds.endLimit) throw new AppError('VALIDATION_FAILED', `body.end: The end must be ${within(bounds.what, bounds.endLimit)}.`);
      // A moment (an instance of no length, pressed with a button without lead and lag) keeps its times while relabelled.
      if ((body.start !== undefined || body.end !== undefined) && start >= end) {
        throw new AppError('VALIDATION_FAILED', body.end !== undefined ? `body.end: The end must be after the start (${start} s).` : `body.start: The start must be before the end (${end} s).`);
      }
      const labels = body.labels === undefined ? row.labels : cleanLabels(body.labels);
      return db.transaction(async (tx) => {
        const updated = await repo.update(tx, source.team.channel.tenantId, row.id, { code, start, end, labels });
        if (!updated) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
        await record(tx, source, row.id, 'changed');
        return toTag(updated);
      });
    },

    /** `DELETE /api/user/tags/{id}`: by its maker or the team's owner. */
    async remove(caller: Caller, id: string): Promise<void> {
      const { row, source } = await changeable(caller, id);
      await db.transaction(async (tx) => {
        if (!(await repo.delete(tx, source.team.channel.tenantId, row.id))) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
        await record(tx, source, row.id, 'deleted');
      });
    },

    /**
     * `GET /api/user/videos/{key}/tags/export?format=`: the team's tags of the video as Sportscode XML
     * (with its codes' colours and each label's group) or CSV, named after the video.
     */
    async exportFile(caller: Caller, key: string, format: TagFileFormat): Promise<{ fileName: string; contentType: string; body: string }> {
      const source = await videoSource(caller, key);
      const rows = await repo.list(source.team.channel.id, tagSource(source), everything);
      const tags = rows.map((r) => ({ code: r.code, start: r.startSec, end: r.endSec, labels: r.labels }));
      const base = fileBase(source.video.title);
      if (format === 'csv') return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: toTagsCsv(tags) };
      const { buttons, players } = await codes.labelsOf(source.team);
      return { fileName: `${base}.xml`, contentType: 'application/xml; charset=utf-8', body: toSportscodeXml(tags, buttons, new Set(players)) };
    },

    /**
     * `POST /api/user/videos/{key}/tags/import`: every instance of the file checked first (one that fails
     * refuses the file, naming it), then in one transaction the codes the window lacks become buttons and
     * the instances become the caller's tags (one statement), with one `tag` update.
     */
    async importFile(caller: Caller, key: string, format: TagFileFormat, text: string): Promise<TagImportResult> {
      const source = await videoSource(caller, key);
      const bounds = await boundsOf(source);
      const file = format === 'csv' ? readTagsCsv(text) : readSportscodeXml(text);
      const tags = checkInstances(file, bounds.endLimit);
      const { user, channel } = source.team;
      await codes.buttonsOf(source.team);
      const names = [...new Map(tags.map((t) => [t.code.toLowerCase(), t.code])).values()];
      return db.transaction(async (tx) => {
        const { buttons, added } = await codes.addCodes(tx, source.team, names, file.colors);
        const nameOf = new Map(buttons.map((b) => [b.name.toLowerCase(), b.name]));
        const values = { tenantId: channel.tenantId, channelId: channel.id, videoId: source.video.id, makerUserId: user.id };
        const { count, anyId } = await repo.insertMany(tx, values, tags.map((t) => ({ ...t, code: nameOf.get(t.code.toLowerCase())! })));
        await record(tx, source, anyId!, 'new');
        return { imported: count, newCodes: added };
      });
    },
  };
}
export type TagsService = ReturnType<typeof createTagsService>;
