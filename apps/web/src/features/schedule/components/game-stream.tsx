import { streamScheduleItemBody } from '@app/contracts/schedule';
import { CircleAlertIcon, PlayCircleIcon, RadioIcon, RadioTowerIcon } from 'lucide-react';
import { Link } from 'react-router';

import { FormField } from '@/components/form-field';
import { SportSelect } from '@/components/sport-select';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useGameStatus } from '@/features/schedule/api/get-game-status';
import { useStreamScheduleItem } from '@/features/schedule/api/stream-schedule-item';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';

/** Where the game's stream is watched: the upcoming page, the live player, then the archive. */
function StreamLink({ liveKey }: { liveKey: string }) {
  const status = useGameStatus(liveKey);
  const key = encodeURIComponent(liveKey);
  if (status.data === 'live') {
    return (
      <Button asChild>
        <Link to={`/live/${key}`}>
          <RadioIcon aria-hidden="true" /> Watch live
        </Link>
      </Button>
    );
  }
  if (status.data === 'ended') {
    return (
      <Button asChild variant="outline">
        <Link to={`/live/archives/${key}`}>
          <PlayCircleIcon aria-hidden="true" /> Watch the recording
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <Link to={`/live/upcoming/${key}`}>
        <RadioTowerIcon aria-hidden="true" /> Stream page
      </Link>
    </Button>
  );
}

/** Set Up Stream for the owner's game: its sport and whether every fan may watch; the encoder settings are then on the stream's page. */
function SetUpGameStream({ itemId }: { itemId: string }) {
  const stream = useStreamScheduleItem(itemId);
  const form = useZodForm(streamScheduleItemBody, { type: '', public: false }, { validateOnBlur: true });
  const submit = form.handleSubmit(async (body) => {
    await stream.mutateAsync(body).catch(() => undefined);
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <p className="text-muted-foreground text-sm">Stream this game live: your team watches it here and clips the big moments.</p>
      <FormField label="Sport" error={form.errors.type}>
        {(control) => <SportSelect {...control} {...form.field('type')} placeholder="Choose a sport" />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.checkbox('public')} className="accent-primary size-4" />
        Public <span className="text-muted-foreground">(every fan of the app can find and watch it)</span>
      </label>
      {stream.isError ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>{errorMessage(stream.error)}</AlertDescription>
        </Alert>
      ) : null}
      <SubmitButton pending={form.pending} icon={<RadioTowerIcon aria-hidden="true" />} className="sm:w-auto sm:self-start">
        Set Up Stream
      </SubmitButton>
    </form>
  );
}

/** A game's live stream: its link for everyone, Set Up Stream for the owner while it has none. */
export function GameStream({ itemId, liveKey, isOwner }: { itemId: string; liveKey: string | null; isOwner: boolean }) {
  if (liveKey) {
    return (
      <div className="flex flex-col gap-2">
        <StreamLink liveKey={liveKey} />
        {isOwner ? <p className="text-muted-foreground text-xs">Your encoder settings are on the stream page.</p> : null}
      </div>
    );
  }
  if (isOwner) return <SetUpGameStream itemId={itemId} />;
  return <p className="text-muted-foreground text-sm">This game has no live stream yet.</p>;
}
