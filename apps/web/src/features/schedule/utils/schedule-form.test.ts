import { describe, expect, it } from 'vitest';

import { editItemForm, emptyScheduleForm, newItemForm, suggestedEnd, type ScheduleFormValues } from '@/features/schedule/utils/schedule-form';

/** The form's messages by field, as the page shows them under each (a field's first). */
function messages(schema: typeof newItemForm | ReturnType<typeof editItemForm>, values: ScheduleFormValues) {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const problem of result.error.issues) found[String(problem.path[0])] ??= problem.message;
  return found;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const practice: ScheduleFormValues = {
  ...emptyScheduleForm('Europe/Berlin'),
  title: 'Practice',
  start: `${inDays(7)}T18:00`,
  end: `${inDays(7)}T19:30`,
};

describe('the New item form', () => {
  it('sends a complete item as the venue’s wall clock, with its zone', () => {
    expect(newItemForm.parse(practice)).toEqual({
      kind: 'practice',
      title: 'Practice',
      start: `${inDays(7)}T18:00`,
      end: `${inDays(7)}T19:30`,
      timeZone: 'Europe/Berlin',
      location: '',
      notes: '',
    });
  });

  it("names each missing field with the API's message", () => {
    expect(messages(newItemForm, emptyScheduleForm('Europe/Berlin'))).toEqual({
      title: 'Title is required',
      start: 'Start is required',
      end: 'End is required',
    });
  });

  it('wants the end after the start, and a real time zone', () => {
    expect(messages(newItemForm, { ...practice, end: `${inDays(7)}T17:00` })).toEqual({ end: 'End must be after start' });
    expect(messages(newItemForm, { ...practice, end: practice.start })).toEqual({ end: 'End must be after start' });
    expect(messages(newItemForm, { ...practice, timeZone: 'Mars/Olympus' })).toEqual({
      timeZone: 'Time zone must be an IANA time zone such as America/New_York',
    });
  });

  it("shows the API's message for a time outside the years an item may lie in, or a day the calendar lacks", () => {
    expect(messages(newItemForm, { ...practice, start: '1969-12-31T18:00', end: '1969-12-31T19:30' })).toEqual({
      start: 'Start must be between 1970 and 2100',
      end: 'End must be between 1970 and 2100',
    });
    expect(messages(newItemForm, { ...practice, repeat: true, until: '2027-02-30' })).toEqual({ until: 'Invalid date' });
  });

  it('repeats weekly until a day at most a year ahead, shown under Until', () => {
    expect(newItemForm.parse({ ...practice, repeat: true, until: inDays(60) })).toMatchObject({ repeat: { weekly: true, until: inDays(60) } });
    expect(messages(newItemForm, { ...practice, repeat: true })).toEqual({ until: 'Repeat until is required' });
    expect(messages(newItemForm, { ...practice, repeat: true, until: inDays(400) })).toEqual({ until: 'Repeat until must be at most a year ahead' });
    // Unticked, a leftover date is not sent.
    expect(newItemForm.parse({ ...practice, repeat: false, until: inDays(400) })).not.toHaveProperty('repeat');
  });

  it('limits the title to what the API stores', () => {
    expect(messages(newItemForm, { ...practice, title: 'x'.repeat(201) })).toEqual({ title: 'A title has at most 200 characters' });
  });
});

describe('the Edit form', () => {
  it('sends every field and the scope, never a repeat', () => {
    expect(editItemForm('following').parse({ ...practice, repeat: true, until: inDays(30) })).toEqual({
      kind: 'practice',
      title: 'Practice',
      start: practice.start,
      end: practice.end,
      timeZone: 'Europe/Berlin',
      location: '',
      notes: '',
      scope: 'following',
    });
    expect(messages(editItemForm('one'), { ...practice, end: `${inDays(6)}T19:30` })).toEqual({ end: 'End must be after start' });
  });
});

describe('suggestedEnd', () => {
  it('ends an hour and a half after a new start when the end is empty or no longer after it', () => {
    expect(suggestedEnd('2026-03-07T18:00', '')).toBe('2026-03-07T19:30');
    expect(suggestedEnd('2026-03-07T23:00', '2026-03-07T20:00')).toBe('2026-03-08T00:30');
    expect(suggestedEnd('2026-03-07T18:00', '2026-03-07T21:00')).toBe('2026-03-07T21:00');
    expect(suggestedEnd('', '2026-03-07T21:00')).toBe('2026-03-07T21:00');
  });
});
