import type { Tag } from '@app/contracts/film';
import { XIcon } from 'lucide-react';
import { useMemo } from 'react';

import { ChunkPlayer, type ChunkOverlay } from '@/components/player/chunk-player';
import { Button } from '@/components/ui/button';
import { instanceName } from '@/features/tags/utils/instance-clips';
import { formatMediaTime } from '@/lib/media-time';

/** An instance with no length still plays a moment: a `#t=` range must end after it starts. */
const LEAST_SECONDS = 0.1;

/** An instance as a reel's chunk: a `#t=start,end` range of the video's file. */
export type InstanceChunk = { id: string; source: string; description: string };

/** The instances as a reel's chunks. */
function instanceChunks(items: readonly Tag[], source: string): InstanceChunk[] {
  return items.map((t) => ({
    id: t._id,
    source: `${source}#t=${t.start},${Math.max(t.end, t.start + LEAST_SECONDS)}`,
    description: `${instanceName(t)} · ${formatMediaTime(t.start)}`,
  }));
}

type PlayAllProps = {
  items: readonly Tag[];
  source: string;
  title: string;
  onClose: () => void;
  /** Drawn over the instance on screen (the app puts the video's drawings there, which hold as on its page). */
  overlay?: ChunkOverlay<InstanceChunk>;
};

/** "Play all": the filtered instances back to back, without a gap, in the reel player. */
export function PlayAll({ items, source, title, onClose, overlay }: PlayAllProps) {
  const chunks = useMemo(() => instanceChunks(items, source), [items, source]);
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium">
          Playing {items.length} {items.length === 1 ? 'instance' : 'instances'}
        </p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <XIcon aria-hidden="true" /> Close
        </Button>
      </div>
      <ChunkPlayer chunks={chunks} label={`${title}: tagged instances`} overlay={overlay} />
    </div>
  );
}
