import { createEventBody, type CreateEventResponse } from '@app/contracts/live';
import { CircleAlertIcon, RadioTowerIcon } from 'lucide-react';
import { useState } from 'react';

import { FormField } from '@/components/form-field';
import { SportSelect } from '@/components/sport-select';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { useCreateLiveEvent } from '@/features/live/api/create-live-event';
import { StreamKeyPanel } from '@/features/live/components/stream-key-panel';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';

/** A 409 on event creation shows this text (sic). */
export const EVENT_CONFLICT_MESSAGE = 'Username already exists';

const defaults = { title: '', date: '', type: '', public: false };

/**
 * Set Up Stream: title, start, sport and a public switch, each checked when
 * left; after creation the ingest key replaces the form.
 */
export function SetUpStream() {
  const [created, setCreated] = useState<CreateEventResponse | null>(null);
  if (created) return <StreamKeyPanel eventKey={created.key} initialKey={created.ingestKey} onAnother={() => setCreated(null)} />;
  return <SetUpStreamForm onCreated={setCreated} />;
}

function SetUpStreamForm({ onCreated }: { onCreated: (created: CreateEventResponse) => void }) {
  const form = useZodForm(createEventBody, defaults, { validateOnBlur: true });
  const create = useCreateLiveEvent();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (data) => {
    setFailure(null);
    try {
      // The picker gives local time; the server gets the instant.
      onCreated(await create.mutateAsync({ ...data, date: new Date(data.date).toISOString() }));
    } catch (error) {
      setFailure(error instanceof ApiError && error.statusCode === 409 ? EVENT_CONFLICT_MESSAGE : errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="set-up-stream-heading" className="flex flex-col gap-3">
      <FormField label="Event title" error={form.errors.title}>
        {(control) => <Input {...control} {...form.field('title')} placeholder="Hawks vs Owls" autoComplete="off" />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Date and time" error={form.errors.date}>
          {(control) => <Input {...control} {...form.field('date')} type="datetime-local" />}
        </FormField>
        <FormField label="Sport" error={form.errors.type}>
          {(control) => <SportSelect {...control} {...form.field('type')} placeholder="Choose a sport" />}
        </FormField>
      </div>
      <label className="flex items-center gap-3 text-sm">
        <input type="checkbox" role="switch" {...form.checkbox('public')} className="peer sr-only" />
        <span
          aria-hidden="true"
          className="bg-input peer-checked:bg-primary peer-focus-visible:ring-ring/50 relative h-5 w-9 shrink-0 rounded-full transition-colors peer-focus-visible:ring-[3px] after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4"
        />
        <span>
          Public event <span className="text-muted-foreground">(every fan of the app can find and watch it)</span>
        </span>
      </label>
      {failure ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <SubmitButton pending={form.pending} icon={<RadioTowerIcon aria-hidden="true" />} className="sm:w-auto sm:self-start">
        Set Up Stream
      </SubmitButton>
    </form>
  );
}
