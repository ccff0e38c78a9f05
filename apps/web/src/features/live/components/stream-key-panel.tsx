import { EyeIcon, EyeOffIcon, KeyRoundIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { useConfig } from '@/config/config-context';
import { useIngestKey, useRenewIngestKey } from '@/features/live/api/ingest-key';
import { CopyField } from '@/components/copy-field';
import { errorMessage } from '@/lib/error-message';

/** The line above the key. */
export const ENCODER_HINT = 'Setup your encoder with this key';

type StreamKeyPanelProps = {
  eventKey: string;
  /** Just created: the key is known; otherwise it is fetched when the owner reveals it. */
  initialKey?: string;
  /** After creation: set up another stream. */
  onAnother?: () => void;
};

/** What the key box shows while the key is hidden (not its length either). */
const MASK = '•'.repeat(16);

/**
 * The encoder settings for the event's owner, as OBS asks for them: the server, the secret stream key
 * (fetched when asked, unless just created; masked until revealed) and, for encoders that take one
 * address, the full URL; each with its own Copy. "New key" (after a confirmation: the old key stops
 * working), and the 1 s keyframe hint that low latency depends on.
 */
export function StreamKeyPanel({ eventKey, initialKey, onAnother }: StreamKeyPanelProps) {
  const { ingestUrl } = useConfig();
  const [revealed, setRevealed] = useState(initialKey !== undefined);
  const fetched = useIngestKey(eventKey, revealed && initialKey === undefined);
  const renew = useRenewIngestKey(eventKey);
  const [confirming, setConfirming] = useState(false);
  const [unmasked, setUnmasked] = useState(false);
  const key = renew.data?.ingestKey ?? fetched.data?.ingestKey ?? initialKey;
  const server = ingestUrl.replace(/\/+$/, '');

  return (
    <section aria-labelledby={`stream-key-${eventKey}`} className="flex flex-col gap-3 text-sm">
      <h3 id={`stream-key-${eventKey}`} className="flex items-center gap-2 font-semibold">
        <KeyRoundIcon aria-hidden="true" className="size-4" /> Encoder settings
      </h3>
      {!revealed ? (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setRevealed(true)}>
          <EyeIcon aria-hidden="true" /> Show encoder settings
        </Button>
      ) : fetched.isError ? (
        <p className="text-destructive">{errorMessage(fetched.error)}</p>
      ) : !key ? (
        <p className="text-muted-foreground">Loading the key...</p>
      ) : (
        <>
          <p>{ENCODER_HINT}</p>
          <div className="grid gap-2.5">
            <CopyField label="Server" value={server} />
            <CopyField label="Stream key" value={key} shown={unmasked ? key : MASK}>
              <Button
                type="button"
                size="icon-sm"
                variant="outline"
                aria-pressed={unmasked}
                aria-label={unmasked ? 'Hide stream key' : 'Reveal stream key'}
                onClick={() => setUnmasked((u) => !u)}
              >
                {unmasked ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
              </Button>
            </CopyField>
            <CopyField label="Full URL" value={`${server}/${key}`} shown={`${server}/${unmasked ? key : MASK}`} />
          </div>
          <p className="text-muted-foreground text-xs">
            OBS: Settings, Stream, Service Custom: paste the Server and the Stream key. Encoders that take one address (Larix, vMix) use the Full URL.
          </p>
          <p className="text-muted-foreground text-xs">
            For about 2 s of delay, set a keyframe interval of 1 s in your encoder (OBS: Settings, Output, Keyframe Interval 1).
          </p>
          {confirming ? (
            <div role="group" aria-label="Make a new stream key?" className="flex flex-col gap-2 rounded-lg border p-3">
              <p>The current key stops working at once: an encoder using it is disconnected. Make a new key?</p>
              {renew.isError ? <p className="text-destructive">{errorMessage(renew.error)}</p> : null}
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="destructive"
                  disabled={renew.isPending}
                  onClick={() => renew.mutate(undefined, { onSuccess: () => setConfirming(false) })}
                >
                  {renew.isPending ? 'Making a new key...' : 'Make a new key'}
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={renew.isPending} onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <Button type="button" size="sm" variant="outline" className="self-start" onClick={() => setConfirming(true)}>
              <RefreshCwIcon aria-hidden="true" /> New key
            </Button>
          )}
        </>
      )}
      {onAnother ? (
        <div className="flex flex-wrap gap-2 border-t pt-3">
          <Button asChild size="sm">
            <Link to={`/live/upcoming/${encodeURIComponent(eventKey)}`}>Open the event page</Link>
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onAnother}>
            Set up another stream
          </Button>
        </div>
      ) : null}
    </section>
  );
}
