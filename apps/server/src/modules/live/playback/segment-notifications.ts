/** `NOTIFY live_segment, '<eventId>:<seq>'`: the ingest writes it with each new segment row. */
export const SEGMENT_CHANNEL = 'live_segment';
/** `'<eventId>'`: migration 0016's trigger, when an event's status changes or it is deleted. */
export const STATUS_CHANNEL = 'live_event_status';

/** The live event a notification on either channel is about. */
export const eventIdOf = (payload: string): string | undefined => payload.split(':', 1)[0] || undefined;
/** `'<userId>'`: migration 0032's trigger, when a viewer's access epoch is bumped. */
export const VIEWER_ACCESS_CHANNEL = 'live_viewer_access';
