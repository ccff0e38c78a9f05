import { SCHEDULE_LOCATION_MAX, SCHEDULE_NOTES_MAX, SCHEDULE_TITLE_MAX, scheduleKind } from '@app/contracts/schedule';
import { useId, useMemo, useState } from 'react';
import type { ZodType, ZodTypeDef } from 'zod';

import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ScheduleKindIcon } from '@/features/schedule/components/schedule-kind-icon';
import { kindLabel } from '@/features/schedule/utils/labels';
import { editItemForm, newItemForm, suggestedEnd, type ScheduleFormValues } from '@/features/schedule/utils/schedule-form';
import { viewerZone } from '@/features/schedule/utils/schedule-time';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';

type ScheduleItemFormProps = {
  initial: ScheduleFormValues;
  /** `edit-series`: an item of a weekly series, changed alone or with the ones after it. */
  mode: 'new' | 'edit' | 'edit-series';
  onSubmit: (body: unknown) => Promise<unknown>;
  onCancel: () => void;
};

/** A zone's offset now ('GMT+1'), shown beside it in the list; '' where the browser cannot say. */
function offsetName(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts().find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** Every IANA zone this browser knows, the browser's own first, for the time zone field's list (searched as typed). */
function knownZones(): { zone: string; offset: string }[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const own = viewerZone();
  return [own, ...all.filter((zone) => zone !== own)].map((zone) => ({ zone, offset: offsetName(zone) }));
}

/**
 * The New item and Edit form: kind, title, start and end (the venue's wall clock), its time zone, place,
 * notes and, for a new item, a weekly repeat. Each field is checked once left, then as it is typed, with
 * the API's own rules and messages.
 */
export function ScheduleItemForm({ initial, mode, onSubmit, onCancel }: ScheduleItemFormProps) {
  const [scope, setScope] = useState<'one' | 'following'>('one');
  // Either body: the caller knows which it asked for.
  const schema = useMemo((): ZodType<unknown, ZodTypeDef, unknown> => (mode === 'new' ? newItemForm : editItemForm(scope)), [mode, scope]);
  const form = useZodForm(schema, initial, { validateOnBlur: true });
  const [failure, setFailure] = useState<unknown>(null);
  const zoneListId = useId();
  // Hundreds of options: made once, so typing in the form does not render them again.
  const zoneList = useMemo(
    () => (
      <datalist id={zoneListId}>
        {knownZones().map(({ zone, offset }, index) => (
          <option key={zone} value={zone} label={index === 0 ? `${offset} · your time zone` : offset} />
        ))}
      </datalist>
    ),
    [zoneListId],
  );

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Kind</legend>
        <div className="grid grid-cols-3 gap-2">
          {scheduleKind.options.map((kind) => (
            <label
              key={kind}
              className={cn(
                'has-[:focus-visible]:ring-ring/50 flex cursor-pointer items-center gap-2 rounded-lg border p-2 text-sm font-medium has-[:focus-visible]:ring-[3px]',
                form.values.kind === kind ? 'border-primary bg-accent' : 'hover:bg-accent/60',
              )}
            >
              <input type="radio" name="kind" value={kind} checked={form.values.kind === kind} onChange={() => form.set({ kind })} className="sr-only" />
              <ScheduleKindIcon kind={kind} className="size-7" />
              {kindLabel[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField label="Title" error={form.errors.title}>
        {(control) => <Input {...control} {...form.field('title')} maxLength={SCHEDULE_TITLE_MAX} placeholder="Practice" autoComplete="off" />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Starts" error={form.errors.start}>
          {(control) => {
            const start = form.field('start');
            return (
              <Input
                {...control}
                {...start}
                type="datetime-local"
                onChange={(event) => form.set({ start: event.target.value, end: suggestedEnd(event.target.value, form.values.end) })}
              />
            );
          }}
        </FormField>
        <FormField label="Ends" error={form.errors.end}>
          {(control) => <Input {...control} {...form.field('end')} type="datetime-local" />}
        </FormField>
      </div>
      <FormField label="Time zone" error={form.errors.timeZone} hint="Where it takes place: times show on this clock. Type a city to find its zone.">
        {(control) => (
          <>
            <Input {...control} {...form.field('timeZone')} list={zoneListId} autoComplete="off" spellCheck={false} />
            {zoneList}
          </>
        )}
      </FormField>
      <FormField label="Place" error={form.errors.location}>
        {(control) => <Input {...control} {...form.field('location')} maxLength={SCHEDULE_LOCATION_MAX} placeholder="Riverside Field 2" />}
      </FormField>
      <FormField label="Notes" error={form.errors.notes}>
        {(control) => <Textarea {...control} {...form.field('notes')} maxLength={SCHEDULE_NOTES_MAX} rows={2} placeholder="Bring both jerseys." />}
      </FormField>
      {mode === 'new' ? (
        <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
          <label className={cn('flex items-center gap-2 pt-1 text-sm font-medium', form.values.repeat && 'sm:pt-7')}>
            <input type="checkbox" {...form.checkbox('repeat')} className="accent-primary size-4" />
            Repeat weekly
          </label>
          {form.values.repeat ? (
            <FormField label="Until" error={form.errors.until} hint="The last day of the series, at most a year ahead.">
              {(control) => <Input {...control} {...form.field('until')} type="date" />}
            </FormField>
          ) : null}
        </div>
      ) : null}
      {mode === 'edit-series' ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Change</legend>
          {(
            [
              ['one', 'Only this one'],
              ['following', 'This and the following ones'],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => setScope(value)} className="accent-primary size-4" />
              {text}
            </label>
          ))}
        </fieldset>
      ) : null}
      <ErrorAlert error={failure} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={form.pending} className="sm:w-auto">
          {mode === 'new' ? 'Add to schedule' : 'Save changes'}
        </SubmitButton>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
