import { createScheduleItemBody, updateScheduleItemBody, type CreateScheduleItemBody, type ScheduleKind, type UpdateScheduleItemBody } from '@app/contracts/schedule';
import { z } from 'zod';

/** The New item and Edit forms' values: start and end as `datetime-local` values, the venue's wall clock. */
export type ScheduleFormValues = {
  kind: string;
  title: string;
  start: string;
  end: string;
  timeZone: string;
  location: string;
  notes: string;
  repeat: boolean;
  /** The last day of a weekly series (`YYYY-MM-DD`). */
  until: string;
};

export const emptyScheduleForm = (timeZone: string): ScheduleFormValues => ({
  kind: 'practice',
  title: '',
  start: '',
  end: '',
  timeZone,
  location: '',
  notes: '',
  repeat: false,
  until: '',
});

/** The body the form sends: start and end go as the venue's wall clock, which the server reads in `timeZone`. */
function toBody(values: ScheduleFormValues): CreateScheduleItemBody {
  return {
    kind: values.kind as ScheduleKind,
    title: values.title,
    start: values.start,
    end: values.end,
    timeZone: values.timeZone,
    location: values.location,
    notes: values.notes,
    // An empty date is missing (its own message), not a malformed one.
    ...(values.repeat && { repeat: { weekly: true, until: values.until || (undefined as unknown as string) } }),
  };
}

/** A contract error's path as the form's field (`repeat.until` is the Until field). */
const fieldOf = (path: (string | number)[]) => (path[0] === 'repeat' ? 'until' : String(path[0] ?? 'title'));

/**
 * The form's rules are the API's own (the contract's schema, with its messages naming the field), so
 * what the form accepts the server does too; each message goes under its field.
 */
function checkedBy<Body>(contract: z.ZodType<unknown, z.ZodTypeDef, Body>, build: (values: ScheduleFormValues) => Body) {
  return z.custom<ScheduleFormValues>().transform((values, ctx) => {
    const body = build(values);
    const result = contract.safeParse(body);
    if (result.success) return body;
    for (const problem of result.error.issues) ctx.addIssue({ code: 'custom', path: [fieldOf(problem.path)], message: problem.message });
    return z.NEVER;
  });
}

/** New item: the whole item, and a weekly repeat when ticked. */
export const newItemForm = checkedBy(createScheduleItemBody, toBody);

/** Edit: every field is sent (what did not change stays the same), for this item or the following ones too. */
export const editItemForm = (scope: 'one' | 'following') =>
  checkedBy(updateScheduleItemBody, (values): UpdateScheduleItemBody => {
    const { repeat: _repeat, ...body } = toBody(values);
    return { ...body, scope };
  });

/** End one and a half hours after a new start, when the end is empty or no longer after it (what a practice lasts). */
export function suggestedEnd(start: string, end: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(start);
  if (!match || (end !== '' && end > start)) return end;
  // Wall-clock arithmetic in UTC: no zone's clock change can shift it.
  const at = new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]! + 90));
  return at.toISOString().slice(0, 16);
}
