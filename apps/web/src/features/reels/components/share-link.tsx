import { CopyIcon } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** The reel's public link (`/r/{reelId}`, no sign-in), a copy button and its on/off switch. */
export function ShareLink({ reelId, shared, onSharedChange }: { reelId: string; shared: boolean; onSharedChange: (shared: boolean) => void }) {
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}/r/${encodeURIComponent(reelId)}`;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" role="switch" checked={shared} aria-checked={shared} onChange={(e) => onSharedChange(e.target.checked)} />
        Anyone with the link can watch
      </label>
      {shared ? (
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
    </div>
  );
}
