import { tenantPublicUrl } from '../../config';
import { withJobTransaction } from '../../db/job-transaction';
import type { JobContext } from '../../job-context';
import { scheduleItemMail, whenText } from './schedule-item-mail';
import type { ScheduleItemRow, ScheduleRepo } from './schedule.repo';
import { scheduleLinks } from './rsvp-token';

export type ScheduleChange = 'new' | 'changed' | 'cancelled' | 'reminder' | 'summary';
export type ScheduleMailContext = Pick<JobContext, 'db' | 'mail' | 'config' | 'log'>;
type Links = Awaited<ReturnType<typeof scheduleLinks>>;
interface Recipient {
  id: number;
  name: string | null;
  email: string | null;
  reminder_email: boolean;
}

/**
 * Renders and sends one member's schedule e-mail with their answer links and the one-click unsubscribe. `repeat`
 * describes the series' dates the e-mail is about (then its answer links answer all of them), or in a summary who is coming.
 */
async function sendItemMail(ctx: ScheduleMailContext, links: Links, item: ScheduleItemRow, team: string, to: Recipient, change: ScheduleChange, repeat?: string) {
  if (!to.email || !to.reminder_email) return;
  const base = tenantPublicUrl(ctx.config, item.tenantId);
  const series = repeat !== undefined && item.seriesId !== null && change !== 'summary';
  const token = links.rsvpToken(to.id, item.id, series);
  const off = links.mailOffToken(to.id);
  const answer = (a: string) => `${base}/rsvp/${token}?answer=${a}`;
  const rendered = scheduleItemMail({
    name: to.name ?? undefined,
    team,
    change,
    title: item.title,
    when: whenText(item.startsAt.getTime(), item.endsAt.getTime(), item.timeZone),
    location: item.location,
    repeat,
    itemUrl: `${base}/team/schedule/${item.id}`,
    answers: item.status === 'cancelled' || change === 'summary' ? undefined : { going: answer('going'), maybe: answer('maybe'), no: answer('no') },
    answersSeries: series,
    unsubscribeUrl: `${base}/unsubscribe/schedule/${off}`,
  });
  await ctx.mail.send(to.email, {
    template: `schedule-${change}`,
    ...rendered,
    // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to the https URL.
    headers: { 'List-Unsubscribe': `<${base}/api/schedule/unsubscribe/${off}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

/** The e-mails of the schedule jobs (schedule-mail, schedule-reminder), on the job's database. */
export function createScheduleMail(ctx: ScheduleMailContext, repo: ScheduleRepo) {
  return {
    /**
     * Tells every member of the item's team but its author (one e-mail each) that it is new, changed or cancelled. `repeat` names a
     * weekly series announced in one e-mail. A failed send throws: the queue retries the job (some may get it twice).
     */
    async announce(itemId: string, change: Exclude<ScheduleChange, 'reminder' | 'summary'>, repeat?: string): Promise<void> {
      const links = await scheduleLinks(ctx.db);
      const item = await repo.row(ctx.db, itemId);
      if (!item) return;
      const team = await repo.channelInfo(item.channelId);
      if (!team) return;
      for (const member of await repo.responses(item.channelId, item.id)) {
        if (member.id !== item.createdBy) await sendItemMail(ctx, links, item, team.teamName, member, change, repeat);
      }
      ctx.log.info({ itemId, change }, 'schedule item announced');
    },

    /**
     * The reminder before an item: to members who have not answered and those going, never to its author; the owner
     * gets who is coming instead. Each member's mail is claimed in `schedule_reminders` first, so none is sent twice for one item.
     */
    async remind(itemId: string, startsAtMs: number): Promise<void> {
      const links = await scheduleLinks(ctx.db);
      const item = await repo.row(ctx.db, itemId);
      // A moved item queued a new reminder for its new time: this one is stale.
      if (!item || item.status === 'cancelled' || item.startsAt.getTime() !== startsAtMs) return;
      const team = await repo.channelInfo(item.channelId);
      if (!team) return;
      const members = await repo.responses(item.channelId, item.id);
      for (const m of members) {
        const isOwner = m.id === team.ownerUserId;
        if (!isOwner && (m.id === item.createdBy || (m.answer !== null && m.answer !== 'going'))) continue;
        if (!m.email || !m.reminder_email) continue;
        await withJobTransaction(ctx.db, async (tx) => {
          if (!(await repo.claimReminder(tx, item.id, m.id))) return;
          if (isOwner) {
            const going = members.filter((x) => x.answer === 'going').map((x) => x.name ?? x.username);
            const summary = `Coming (${going.length}): ${going.join(', ') || 'nobody yet'}. Maybe: ${members.filter((x) => x.answer === 'maybe').length}. Can't: ${members.filter((x) => x.answer === 'no').length}. Not answered: ${members.filter((x) => x.answer === null).length}.`;
            await sendItemMail(ctx, links, item, team.teamName, m, 'summary', summary);
          } else await sendItemMail(ctx, links, item, team.teamName, m, 'reminder');
        });
      }
    },
  };
}
