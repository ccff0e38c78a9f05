import { CheckIcon, CopyIcon, EyeIcon, KeyRoundIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useConfig } from '@/config/config-context';
import { useIngestKey, useRenewIngestKey } from '@/features/live/api/ingest-key';
import { errorMessage } from '@/lib/error-message';

/** Spec section 2: the line above the key. */
export const ENCODER_HINT = 'Setup your encoder with this key';

type StreamKeyPanelProps = {
  eventKey: string;
  /** Just created: the key is known; otherwise it is fetched when the owner reveals it. */
  initialKey?: string;
  /** After creation: set up another stream. */
  onAnother?: () => void;
};

/**
 * The encoder settings for the event's owner: the ingest address and the secret key (hidden until
 * revealed, unless just created), a copy button, "New key" (after a confirmation: the old key stops
 * working), and the 1 s keyframe hint that low latency depends on.
 */
export function StreamKeyPanel({ eventKey, initialKey, onAnother }: StreamKeyPanelProps) {
  const { ingestUrl } = useConfig();
  const [revealed, setRevealed] = useState(initialKey !== undefined);
  const fetched = useIngestKey(eventKey, revealed && initialKey === undefined);
  const renew = useRenewIngestKey(eventKey);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const key = renew.data?.ingestKey ?? fetched.data?.ingestKey ?? initialKey;
  const server = ingestUrl.replace(/\/+$/, '');

  async function copy() {
    if (!key) return;
    await navigator.clipboard?.writeText(key).catch(() => undefined);
    setCopied(true);
  }

  return (
    <section aria-labelledby={`stream-key-${eventKey}`} className="flex flex-col gap-3 text-sm">
      <h3 id={`stream-key-${eventKey}`} className="flex items-center gap-2 font-semibold">
        <KeyRoundIcon aria-hidden="true" className="size-4" /> Stream key
      </h3>
      {!revealed ? (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setRevealed(true)}>
          <EyeIcon aria-hidden="true" /> Show stream key
        </Button>
      ) : fetched.isError ? (
        <p className="text-destructive">{errorMessage(fetched.error)}</p>
      ) : !key ? (
        <p className="text-muted-foreground">Loading the key...</p>
      ) : (
        <>
          <p>{ENCODER_HINT}</p>
          <dl className="grid gap-2">
            <div className="grid gap-1">
              <dt className="text-muted-foreground text-xs">Server</dt>
              <dd className="bg-muted rounded-md px-2 py-1.5 font-mono text-xs break-all">{server}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground text-xs">Stream key</dt>
              <dd className="flex items-center gap-2">
                <Input
                  readOnly
                  aria-label="Ingest address"
                  value={`${server}/${key}`}
                  onFocus={(event) => event.currentTarget.select()}
                  className="bg-muted min-w-0 flex-1 font-mono text-xs md:text-xs"
                />
                <Button type="button" size="sm" variant="secondary" onClick={() => void copy()} aria-label="Copy stream key">
                  {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </dd>
            </div>
          </dl>
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
