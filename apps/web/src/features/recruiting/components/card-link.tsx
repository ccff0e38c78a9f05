import { CopyIcon, ExternalLinkIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';

import { useRotateRecruitingLink } from '../api/recruiting-settings';

/** The published card's link: Copy, open it as a recruiter sees it, or replace it (the old one stops working). */
export function CardLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateRecruitingLink();
  const path = new URL(url).pathname;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex gap-2">
        <Input readOnly value={url} aria-label="Card link" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={() => void navigator.clipboard.writeText(url).then(() => setCopied(true))}>
          <CopyIcon aria-hidden="true" /> {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary" size="sm">
          <a href={path} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden="true" /> View as a recruiter
          </a>
        </Button>
        {confirming ? null : (
          <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            <RefreshCwIcon aria-hidden="true" /> Get a new link
          </Button>
        )}
      </div>
      {confirming ? (
        <div role="alertdialog" aria-label="Get a new link?" className="bg-muted/60 flex flex-col gap-3 rounded-lg border p-3 text-sm">
          <p>The current link stops working at once: anyone you sent it to will see that the card is not available. Send them the new one.</p>
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate(undefined, { onSuccess: () => {
                    setConfirming(false);
                    setCopied(false);
                  },
                })}
            >
              {rotate.isPending ? 'Getting a new link...' : 'Get a new link'}
            </Button>
            <Button type="button" variant="ghost" size="sm" disabled={rotate.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {rotate.isError ? (
        <p className="text-destructive text-sm" role="alert">
          {errorMessage(rotate.error)}
        </p>
      ) : null}
    </div>
  );
}
