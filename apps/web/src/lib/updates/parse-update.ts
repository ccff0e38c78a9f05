import { updateData, updateEventNames, type UpdateData, type UpdateEventName } from '@app/contracts/talk';

import type { SseEvent } from '@/lib/updates/run-updates';

/** An update of the stream, its data checked against the contract. */
export type Update = { [K in UpdateEventName]: { name: K; data: UpdateData[K] } }[UpdateEventName];

function isUpdateName(name: string): name is UpdateEventName {
  return (updateEventNames as readonly string[]).includes(name);
}

/** The update an event carries, or null for an event this app does not know or data it cannot read. */
export function parseUpdate(event: Pick<SseEvent, 'event' | 'data'>): Update | null {
  if (!isUpdateName(event.event)) return null;
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    return null;
  }
  const parsed = updateData[event.event].safeParse(json);
  return parsed.success ? ({ name: event.event, data: parsed.data } as Update) : null;
}
