import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/job-transaction';
import { codeWindows, liveEvents, type StoredCodeButton } from '../../db/schema';

type Writer = Pick<Executor, 'select' | 'insert' | 'update'>;

/** The one reader and writer of code_windows. */
export function createCodesRepo(db: Db) {
  return {
    /** A team's stored window; undefined before its first use. */
    async window(channelId: number): Promise<StoredCodeButton[] | undefined> {
      const [row] = await db.select({ buttons: codeWindows.buttons }).from(codeWindows).where(eq(codeWindows.channelId, channelId));
      return row?.buttons;
    },

    /** Stores a team's first window unless one was stored meanwhile (then that one stays). */
    async insertFirst(values: { channelId: number; tenantId: string; buttons: StoredCodeButton[] }): Promise<void> {
      await db.insert(codeWindows).values(values).onConflictDoNothing();
    },

    /** The window, locked to the end of `tx`: changes of one team's window happen one at a time. */
    async lockWindow(tx: Writer, channelId: number): Promise<StoredCodeButton[] | undefined> {
      const [row] = await tx.select({ buttons: codeWindows.buttons }).from(codeWindows).where(eq(codeWindows.channelId, channelId)).for('update');
      return row?.buttons;
    },

    async saveWindow(tx: Writer, channelId: number, buttons: StoredCodeButton[]): Promise<void> {
      await tx.update(codeWindows).set({ buttons, updatedAt: sql`now()` }).where(eq(codeWindows.channelId, channelId));
    },

    /**
     * The sport of a team's latest game (by its real start, else its scheduled one), for its starter window.
     * The live module's table, read here because it is one column of one row.
     */
    async latestGameSport(channelId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ sport: liveEvents.sport })
        .from(liveEvents)
        .where(eq(liveEvents.channelId, channelId))
        .orderBy(desc(sql`coalesce(${liveEvents.startedAt}, ${liveEvents.startsAt})`))
        .limit(1);
      return row?.sport;
    },
  };
}
export type CodesRepo = ReturnType<typeof createCodesRepo>;
