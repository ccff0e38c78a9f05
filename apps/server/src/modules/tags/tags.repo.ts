import type { TagFilter } from '@app/contracts/film';
import { and, arrayContains, arrayOverlaps, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { filmTags, users } from '../../db/schema';

type Reader = Pick<Executor, 'select'>;
type Writer = Pick<Executor, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** What a tag is of: a video or a live game (its id). */
export type TagSource = { videoId: string; eventId?: undefined } | { eventId: string; videoId?: undefined };

const columns = {
  id: filmTags.id,
  channelId: filmTags.channelId,
  videoId: filmTags.videoId,
  eventId: filmTags.eventId,
  makerUserId: filmTags.makerUserId,
  code: filmTags.code,
  startSec: filmTags.startSec,
  endSec: filmTags.endSec,
  labels: filmTags.labels,
  createdAt: filmTags.createdAt,
  by: users.username,
};
export interface TagRow {
  id: string;
  channelId: number;
  videoId: string | null;
  eventId: string | null;
  makerUserId: number;
  code: string;
  startSec: number;
  endSec: number;
  labels: string[];
  createdAt: Date;
  /** The maker's username. */
  by: string;
}

/** A tag as an import writes it (the team, source and maker are the import's). */
export interface ImportedTag {
  code: string;
  start: number;
  end: number;
  labels: string[];
}

const ofSource = (source: TagSource): SQL => (source.videoId !== undefined ? eq(filmTags.videoId, source.videoId) : eq(filmTags.eventId, source.eventId));

/**
 * The filter in SQL, as the contract's `matchesTagFilter` reads it: a code among `code` (any when none),
 * and every `label` (`match=all`) or at least one (`any`); labels compare exactly, as strings.
 */
function filtered(filter: TagFilter): SQL | undefined {
  const labels = filter.label.length === 0 ? undefined : filter.match === 'all' ? arrayContains(filmTags.labels, filter.label) : arrayOverlaps(filmTags.labels, filter.label);
  return and(filter.code.length > 0 ? inArray(filmTags.code, filter.code) : undefined, labels);
}

const select = (q: Reader) => q.select(columns).from(filmTags).innerJoin(users, eq(users.id, filmTags.makerUserId));

/** The one reader and writer of film_tags. */
export function createTagsRepo(db: Db) {
  const byId = async (q: Reader, tenantId: string, id: string): Promise<TagRow | undefined> =>
    (await select(q).where(and(eq(filmTags.tenantId, tenantId), eq(filmTags.id, id))))[0];

  return {
    /** A team's tags of a source that pass the filter, in start order. */
    list: (channelId: number, source: TagSource, filter: TagFilter): Promise<TagRow[]> =>
      select(db)
        .where(and(eq(filmTags.channelId, channelId), ofSource(source), filtered(filter)))
        .orderBy(asc(filmTags.startSec), asc(filmTags.createdAt), asc(filmTags.id)),

    byId: (tenantId: string, id: string, q: Reader = db) => byId(q, tenantId, id),

    /**
     * Takes the lock of one maker's presses on a source, held to the end of `tx`: a press that finds no
     * running instance inserts one before the next press of theirs looks.
     */
    async lockPresses(tx: Writer, makerUserId: number): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('film-tags.press'), ${makerUserId})`);
    },

    /** The maker's latest instance of `code` on the source that is still running at `at` (start <= at <= end), locked. */
    async running(tx: Writer, where: { channelId: number; source: TagSource; makerUserId: number; code: string; at: number }): Promise<TagRow | undefined> {
      const [row] = await select(tx)
        .where(
          and(
            eq(filmTags.channelId, where.channelId),
            ofSource(where.source),
            eq(filmTags.makerUserId, where.makerUserId),
            eq(filmTags.code, where.code),
            lte(filmTags.startSec, where.at),
            gte(filmTags.endSec, where.at),
          ),
        )
        .orderBy(desc(filmTags.startSec), desc(filmTags.createdAt))
        .limit(1)
        // Locked to the end of `tx` (the tag only, not its maker): a concurrent delete waits for the extension.
        .for('update', { of: filmTags });
      return row;
    },

    async insert(
      tx: Writer,
      values: { tenantId: string; channelId: number; source: TagSource; makerUserId: number; code: string; start: number; end: number; labels: string[] },
    ): Promise<string> {
      const [row] = await tx
        .insert(filmTags)
        .values({
          tenantId: values.tenantId,
          channelId: values.channelId,
          videoId: values.source.videoId ?? null,
          eventId: values.source.eventId ?? null,
          makerUserId: values.makerUserId,
          code: values.code,
          startSec: values.start,
          endSec: values.end,
          labels: values.labels,
        })
        .returning({ id: filmTags.id });
      return row!.id;
    },

    /**
     * Every tag of an import in one statement (one JSON parameter, however many rows: a multi-row VALUES
     * would pass PostgreSQL's 65,535 parameters at 20,000 tags). Answers how many, and one of their ids.
     */
    async insertMany(tx: Writer, values: { tenantId: string; channelId: number; videoId: string; makerUserId: number }, tags: ImportedTag[]): Promise<{ count: number; anyId: string | null }> {
      const result = await tx.execute<{ count: number; any_id: string | null }>(sql`
        WITH inserted AS (
          INSERT INTO film_tags (tenant_id, channel_id, video_id, maker_user_id, code, start_sec, end_sec, labels)
          SELECT ${values.tenantId}, ${values.channelId}, ${values.videoId}::uuid, ${values.makerUserId}, r.code, r.start, r."end",
                 ARRAY(SELECT jsonb_array_elements_text(r.labels))
            FROM jsonb_to_recordset(${JSON.stringify(tags)}::jsonb) AS r(code text, start double precision, "end" double precision, labels jsonb)
          RETURNING id)
        SELECT count(*)::int AS count, min(id::text) AS any_id FROM inserted`);
      const row = result.rows[0]!;
      return { count: row.count, anyId: row.any_id };
    },

    /** Changes a tag; answers it as `byId` does. */
    async update(tx: Writer, tenantId: string, id: string, values: { code: string; start: number; end: number; labels: string[] }): Promise<TagRow | undefined> {
      await tx
        .update(filmTags)
        .set({ code: values.code, startSec: values.start, endSec: values.end, labels: values.labels, updatedAt: sql`now()` })
        .where(and(eq(filmTags.tenantId, tenantId), eq(filmTags.id, id)));
      return byId(tx, tenantId, id);
    },

    async delete(tx: Writer, tenantId: string, id: string): Promise<boolean> {
      const rows = await tx.delete(filmTags).where(and(eq(filmTags.tenantId, tenantId), eq(filmTags.id, id))).returning({ id: filmTags.id });
      return rows.length > 0;
    },

    /** Renamed buttons carry their team's tags along: every rename at once, so two buttons may swap names. */
    async recode(tx: Writer, channelId: number, renames: { from: string; to: string }[]): Promise<void> {
      if (renames.length === 0) return;
      await tx.execute(sql`
        UPDATE film_tags t SET code = r."to", updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(renames)}::jsonb) AS r("from" text, "to" text)
         WHERE t.channel_id = ${channelId} AND t.code = r."from"`);
    },
  };
}
export type TagsRepo = ReturnType<typeof createTagsRepo>;
