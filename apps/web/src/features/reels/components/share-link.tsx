import { CopyIcon } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSetReelSharing } from '@/features/reels/api/set-reel-sharing';
import { errorMessage } from '@/lib/error-message';

/**
 * The reel's public link (`/r/{reelId}`, no sign-in), a copy button and its on/off switch. The switch
 * acts at once on its own request; it and its text change once the server has switched the link.
 */
export function ShareLink({ reelId, shared, onSharedChange }: { reelId: string; shared: boolean; onSharedChange: (shared: boolean) => void }) {
  const [copied, setCopied] = useState(false);
  const sharing = useSetReelSharing(reelId);
  const url = `${window.location.origin}/r/${encodeURIComponent(reelId)}`;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          checked={shared}
          aria-checked={shared}
          disabled={sharing.isPending}
          onChange={(e) => sharing.mutate(e.target.checked, { onSuccess: (result) => onSharedChange(result.shared) })}
        />
        Anyone with the link can watch
      </label>
      {sharing.isPending ? (
        <p className="text-muted-foreground text-sm" role="status">
          {shared ? 'Turning sharing off...' : 'Turning sharing on...'}
        </p>
      ) : shared ? (
        <div className="flex gap-2">
          <Input readOnly value={url} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />
          <Button
            type="button"
            variant="outline"
            onClick={() => void navigator.clipboard.writeText(url).then(() => setCopied(true))}
          >
            <CopyIcon aria-hidden="true" /> {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">Sharing is off: the link does not work.</p>
      )}
      {sharing.isError && (
        <p className="text-destructive text-sm" role="alert">
          {errorMessage(sharing.error)}
        </p>
      )}
    </div>
  );
}
