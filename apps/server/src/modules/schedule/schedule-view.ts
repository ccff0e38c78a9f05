import type { RsvpTokenView, ScheduleItem } from '@app/contracts/schedule';
import { formatWithOffset } from '@app/contracts/zoned-time';
import type { ScheduleItemRow, ScheduleItemWithCounts } from './schedule.repo';

/** The facts of an item (times with the venue's offset). */
export const itemFacts = (row: ScheduleItemRow): RsvpTokenView['item'] => ({
  kind: row.kind,
  title: row.title,
  start: formatWithOffset(row.startsAt.getTime(), row.timeZone),
  end: formatWithOffset(row.endsAt.getTime(), row.timeZone),
  timeZone: row.timeZone,
  location: row.location,
  notes: row.notes,
  status: row.status,
});

export const toScheduleItem = (row: ScheduleItemWithCounts): ScheduleItem => ({
  _id: row.id,
  ...itemFacts(row),
  liveKey: row.liveKey,
  ...(row.liveStatus && { liveStatus: row.liveStatus }),
  series: row.seriesId,
  rsvp: { going: row.going, maybe: row.maybe, no: row.no, none: Math.max(0, row.members - row.answered) },
  myRsvp: row.myAnswer,
});
