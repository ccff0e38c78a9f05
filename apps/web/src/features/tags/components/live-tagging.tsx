import type { Tag } from '@app/contracts/film';
import { useMemo } from 'react';

import { useTags, type TagTarget } from '@/features/tags/api/get-tags';
import { CodeWindow } from '@/features/tags/components/code-window';
import type { TagClock } from '@/features/tags/hooks/use-tagging';
import { instanceName } from '@/features/tags/utils/instance-clips';
import { formatMediaTime } from '@/lib/media-time';

const LATEST = 5;

/** The game's newest instances, last first (by where they start in the game). */
function latest(items: readonly Tag[]): Tag[] {
  return items.slice(-LATEST).reverse();
}

/** Tagging a live game: the code window, and the game's latest tags (a click plays the game from there). */
export function LiveTagging({ eventKey, clock }: { eventKey: string; clock: TagClock }) {
  const target = useMemo<TagTarget>(() => ({ kind: 'live', key: eventKey }), [eventKey]);
  const tags = useTags(target);
  const items = latest(tags.data?.items ?? []);
  return (
    <div className="flex flex-col gap-4">
      <CodeWindow target={target} clock={clock} />
      {items.length > 0 ? (
        <section aria-labelledby="latest-tags-heading" className="bg-card flex flex-col gap-2 rounded-xl border p-4">
          <h2 id="latest-tags-heading" className="text-base font-semibold">
            Latest tags
          </h2>
          <ol className="flex flex-col gap-0.5 text-sm">
            {items.map((t) => (
              <li key={t._id}>
                <button
                  type="button"
                  onClick={() => clock.playFrom(t.start)}
                  className="hover:bg-accent focus-visible:ring-ring/50 flex min-h-9 w-full items-center gap-2 rounded-md px-2 text-left outline-none focus-visible:ring-[3px]"
                >
                  <span className="min-w-0 flex-1 break-words">{instanceName(t)}</span>
                  <span className="text-muted-foreground text-xs tabular-nums">{formatMediaTime(t.start)}</span>
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
