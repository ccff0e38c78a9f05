import { renderMail, type RenderedMail } from '../mail/templates/layout';
import { greeting } from '../mail/templates/phrases';

export interface ScheduleItemMailData {
  name?: string;
  team: string;
  /** `summary`: the owner's list of who is coming, sent when members get their reminder. */
  change: 'new' | 'changed' | 'cancelled' | 'reminder' | 'summary';
  title: string;
  /** "Tue 3 Mar 2026, 18:00–19:30 (Europe/Berlin)": written in the venue's zone, labelled with it. */
  when: string;
  location: string;
  /** "Every week until 2026-06-30" for a series. */
  repeat?: string;
  itemUrl: string;
  /** The three one-tap answers; none for a cancelled item or a summary. */
  answers?: { going: string; maybe: string; no: string };
  /** The answers are for every date of the series the e-mail describes, not the first alone. */
  answersSeries?: boolean;
  unsubscribeUrl: string;
}

const HEADINGS = { new: 'New on the schedule', changed: 'Changed on the schedule', cancelled: 'Cancelled', reminder: 'Coming up', summary: 'Who is coming' } as const;

const oneLine = (value: string, max: number) => {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

const question = (series: boolean | undefined) =>
  series ? 'Are you coming? One tap answers all of these dates, no sign-in needed:' : 'Are you coming? One tap answers, no sign-in needed:';

export function scheduleItemMail(d: ScheduleItemMailData): RenderedMail {
  const title = oneLine(d.title, 120);
  const subject = `${HEADINGS[d.change]}: ${title}, ${d.when}`;
  const facts = [`When: ${d.when}`, ...(d.location ? [`Where: ${oneLine(d.location, 300)}`] : []), ...(d.repeat ? [d.repeat] : [])];
  return renderMail(subject, {
    preheader: oneLine(`${d.team}: ${title}, ${d.when}`, 120),
    heading: `${HEADINGS[d.change]}: ${title}`,
    paragraphs: [greeting(d.name), ...facts, ...(d.answers ? [question(d.answersSeries)] : d.change === 'cancelled' ? ['This is cancelled.'] : [])],
    items: d.answers
      ? [
          { heading: 'Going', text: 'Count me in.', link: { label: 'Going', url: d.answers.going } },
          { heading: 'Maybe', text: 'Not sure yet.', link: { label: 'Maybe', url: d.answers.maybe } },
          { heading: "Can't", text: "I can't make it.", link: { label: "Can't", url: d.answers.no } },
        ]
      : undefined,
    action: { label: 'Open the schedule', url: d.itemUrl },
    unsubscribe: { label: 'Stop schedule e-mails (you can switch them back on in Settings)', url: d.unsubscribeUrl },
  });
}

/** When an item takes place, in the venue's zone and labelled with it. */
export function whenText(startMs: number, endMs: number, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const sameDay = day.format(startMs) === day.format(endMs);
  const end = sameDay ? time.format(endMs) : `${day.format(endMs)}, ${time.format(endMs)}`;
  return `${day.format(startMs)}, ${time.format(startMs)}–${end} (${timeZone})`;
}
