import icalGenerator, { ICalAttendeeStatus, ICalEventStatus } from 'ical-generator';
import type { ScheduleItemWithCounts } from './schedule.repo';

const PARTSTAT = { going: ICalAttendeeStatus.ACCEPTED, maybe: ICalAttendeeStatus.TENTATIVE, no: ICalAttendeeStatus.DECLINED } as const;
const LABEL = { going: '[Going]', maybe: '[Maybe]', no: "[Can't]" } as const;

/**
 * A user's iCalendar feed. Each item is its own VEVENT (a series is one per occurrence), written in UTC: every
 * occurrence's instant was computed in the venue's zone, so a weekly 18:00 practice shows at 18:00 local on both
 * sides of a DST change without VTIMEZONE blocks (which would need a timezone-data dependency). The UID is the
 * item's id, so edits never duplicate; SEQUENCE grows with every change of time, place or status.
 */
export function calendarFeed(input: { publicUrl: string; hostname: string; user: { username: string; email: string | null }; items: ScheduleItemWithCounts[] }): string {
  const cal = icalGenerator({ name: 'Team schedule', prodId: { company: 'teamfilm', product: 'schedule', language: 'EN' }, ttl: 3600 });
  // Calendar apps that honour them poll hourly (ttl writes both REFRESH-INTERVAL and X-PUBLISHED-TTL).
  for (const item of input.items) {
    const event = cal.createEvent({
      id: `${item.id}@${input.hostname}`,
      sequence: item.sequence,
      start: item.startsAt,
      end: item.endsAt,
      summary: `${item.myAnswer ? `${LABEL[item.myAnswer]} ` : ''}${item.title}`,
      location: item.location || null,
      description: item.notes || null,
      status: item.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      url: item.liveKey ? `${input.publicUrl}/live/${item.liveKey}` : `${input.publicUrl}/team/schedule/${item.id}`,
      stamp: item.updatedAt,
      lastModified: item.updatedAt,
    });
    if (item.myAnswer) event.createAttendee({ email: input.user.email ?? `${input.user.username}@${input.hostname}`, name: input.user.username, status: PARTSTAT[item.myAnswer] });
  }
  return cal.toString();
}
