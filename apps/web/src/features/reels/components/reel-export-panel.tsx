import { DownloadIcon, Loader2Icon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { isExporting, useReelExport, useStartReelExport } from '@/features/reels/api/reel-export';
import { errorMessage } from '@/lib/error-message';

type ReelExportPanelProps = {
  reelId: string;
  /** `sm` beside a page's other small buttons (a clip's page). */
  size?: 'default' | 'sm';
};

/** 'Download MP4': starts the reel's export, shows its progress, then the download link. */
export function ReelExportPanel({ reelId, size = 'default' }: ReelExportPanelProps) {
  const current = useReelExport(reelId);
  const start = useStartReelExport(reelId);
  const state = current.data;
  if (state?.status === 'ready' && state.url) {
    return (
      <Button asChild size={size} className="self-start">
        <a href={state.url} download>
          <DownloadIcon aria-hidden="true" /> Download MP4
        </a>
      </Button>
    );
  }
  if (isExporting(state)) {
    const percent = Math.round(Math.min(100, Math.max(0, state!.progress)));
    return (
      <div role="status" className="flex flex-col gap-1 text-sm">
        <span className="flex items-center gap-2">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin" /> Preparing the MP4... {percent}%
        </span>
        <Progress value={percent} label="Export" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Button variant="outline" size={size} className="self-start" disabled={start.isPending || current.isPending} onClick={() => start.mutate()}>
        <DownloadIcon aria-hidden="true" /> Download MP4
      </Button>
      {state?.status === 'failed' ? (
        <p role="alert" className="text-destructive text-sm">
          The MP4 could not be made{state.failureReason ? `: ${state.failureReason}` : '.'} Try again.
        </p>
      ) : null}
      {start.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(start.error)}
        </p>
      ) : null}
    </div>
  );
}
