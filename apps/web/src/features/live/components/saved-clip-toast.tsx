import type { Clip } from '@app/contracts/clips';
import { Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Toast } from '@/components/toast';
import { Button } from '@/components/ui/button';

/**
 * The toast after 'Save a clip': the game keeps playing, and the clip is a tap away (View opens its page,
 * Share hands its link to the phone's share sheet, or copies it where there is none).
 */
export function SavedClipToast({ clip, clipsPath, onDismiss }: { clip: Clip | null; clipsPath: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const page = clip ? `${clipsPath}/${encodeURIComponent(clip.reel_id)}` : '';

  async function share() {
    const url = new URL(page, window.location.origin).toString();
    if (typeof navigator.share === 'function') {
      // A dismissed share sheet rejects: nothing to tell.
      await navigator.share({ title: clip?.clipTitle, url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard.writeText(url).then(
      () => setCopied(clip?._id ?? null),
      () => undefined,
    );
  }

  return (
    <Toast
      message={clip ? (copied === clip._id ? 'Link to the clip copied.' : 'Clip saved to Game Highlights.') : null}
      onDismiss={onDismiss}
      actions={
        clip ? (
          <>
            <Button asChild size="sm" variant="secondary">
              <Link to={page}>View</Link>
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => void share()}>
              <Share2Icon aria-hidden="true" /> Share
            </Button>
          </>
        ) : null
      }
    />
  );
}
