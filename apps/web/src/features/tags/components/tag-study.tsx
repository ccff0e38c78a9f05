import { REEL_MAX_CHUNKS, REEL_TITLE_MAX } from '@app/contracts/clips';
import type { CodeButton, Tag, TagFilter } from '@app/contracts/film';
import { ClapperboardIcon, ListVideoIcon, Loader2Icon, TagsIcon } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import type { ChunkOverlay } from '@/components/player/chunk-player';
import { Button } from '@/components/ui/button';
import { useCodeWindow } from '@/features/tags/api/get-code-window';
import { useDeleteTag } from '@/features/tags/api/delete-tag';
import { useTags, type TagTarget } from '@/features/tags/api/get-tags';
import { TOO_MANY_FOR_A_REEL, useSaveTagsAsReel, type ReelMaker } from '@/features/tags/api/save-tags-as-reel';
import { useUpdateTag } from '@/features/tags/api/update-tag';
import { PlayAll, type InstanceChunk } from '@/features/tags/components/play-all';
import { SectionFailed, SectionLoading } from '@/features/tags/components/section-states';
import { TagFiles } from '@/features/tags/components/tag-files';
import { TagFilterBar } from '@/features/tags/components/tag-filter-bar';
import { TagList } from '@/features/tags/components/tag-list';
import { TagMatrix } from '@/features/tags/components/tag-matrix';
import { TagTimeline } from '@/features/tags/components/tag-timeline';
import { useTagFilter } from '@/features/tags/hooks/use-tag-filter';
import type { TagClock } from '@/features/tags/hooks/use-tagging';
import { isTemporary } from '@/features/tags/utils/press';
import { codeOrder, countTags, labelOrder } from '@/features/tags/utils/tag-counts';
import { filterTags, isNoFilter } from '@/features/tags/utils/tag-filter';
import { groupByCode, timelineLength, timelineRows, UNKNOWN_CODE_COLOR } from '@/features/tags/utils/timeline-layout';
import { useMe } from '@/lib/auth/get-me';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

type View = 'timeline' | 'list' | 'matrix';
const views: { view: View; label: string }[] = [
  { view: 'timeline', label: 'Timeline' },
  { view: 'list', label: 'List' },
  { view: 'matrix', label: 'Matrix' },
];

const NO_TAGS: Tag[] = [];
const NO_BUTTONS: CodeButton[] = [];
const NO_PLAYERS: string[] = [];

type TagStudyProps = {
  videoKey: string;
  title: string;
  duration: number | null;
  /** The video's file (a signed URL) that "Play all" plays ranges of; null when nothing plays yet. */
  source: string | null;
  clock: TagClock;
  /** Where a saved reel's page is (`/library/reels`). */
  reelsPath: string;
  /** How Save as reel makes the clips and the reel. */
  reelMaker: ReelMaker;
  /** Drawn over "Play all"'s instance on screen. */
  playAllOverlay?: ChunkOverlay<InstanceChunk>;
};

/** The reel's title: the video's, and what the filter chose. */
function reelTitle(title: string, filter: TagFilter): string {
  const chosen = [filter.code.join(', '), filter.label.join(filter.match === 'all' ? ' + ' : ' or ')].filter(Boolean).join(' · ');
  return `${title} · ${chosen || 'All tags'}`.slice(0, REEL_TITLE_MAX);
}

/**
 * The video's tagged instances under the player: the filter (kept in the page's address), the timeline,
 * the list or the code x label matrix, "Play all" of what the filter keeps, "Save as reel", export and import.
 */
export function TagStudy({ videoKey, title, duration, source, clock, reelsPath, reelMaker, playAllOverlay }: TagStudyProps) {
  const target = useMemo<TagTarget>(() => ({ kind: 'video', key: videoKey }), [videoKey]);
  const tags = useTags(target);
  const codes = useCodeWindow();
  const me = useMe();
  const update = useUpdateTag(target);
  const { mutate: change } = update;
  const remove = useDeleteTag(target);
  const reel = useSaveTagsAsReel(reelMaker);
  const [filter, setFilter] = useTagFilter();
  const [view, setView] = useState<View>('timeline');
  const [playingAll, setPlayingAll] = useState(false);

  const items = tags.data?.items ?? NO_TAGS;
  const buttons = codes.data?.buttons ?? NO_BUTTONS;
  const players = codes.data?.players ?? NO_PLAYERS;
  const counts = useMemo(() => countTags(items), [items]);
  const allCodes = useMemo(() => codeOrder(buttons, counts), [buttons, counts]);
  const allLabels = useMemo(() => labelOrder(buttons, players, counts), [buttons, players, counts]);
  const filtered = useMemo(() => filterTags(items, filter), [items, filter]);
  const groups = useMemo(() => groupByCode(items), [items]);
  const rows = useMemo(() => timelineRows(allCodes, buttons, groups, filter), [allCodes, buttons, groups, filter]);
  const colors = useMemo(() => new Map(buttons.map((b) => [b.name, b.color])), [buttons]);
  const length = timelineLength(duration, items);
  const username = me.data?.username;

  const mine = useCallback((t: Tag) => t.by === username && !isTemporary(t._id), [username]);
  const trim = useCallback((t: Tag, range: { start: number; end: number }) => change({ id: t._id, changes: range }), [change]);
  const play = useCallback((t: number) => clock.playFrom(t), [clock]);
  const colorOf = useCallback((code: string) => colors.get(code) ?? UNKNOWN_CODE_COLOR, [colors]);

  function playAll() {
    clock.pause?.();
    setPlayingAll(true);
  }

  function saveAsReel() {
    reel.reset();
    reel.mutate({ videoKey, items: filtered, title: reelTitle(title, filter), duration });
  }

  const tooMany = filtered.length > REEL_MAX_CHUNKS;
  return (
    <section aria-labelledby="tags-heading" className="bg-card flex flex-col gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="tags-heading" className="flex items-center gap-2 text-base font-semibold">
          <TagsIcon aria-hidden="true" className="text-muted-foreground size-4" /> Tags
          {tags.data ? (
            <span className="text-muted-foreground text-sm font-normal tabular-nums">
              {isNoFilter(filter) ? items.length : `${filtered.length} of ${items.length}`}
            </span>
          ) : null}
        </h2>
        <TagFiles videoKey={videoKey} title={title} />
      </div>

      {tags.isPending ? (
        <SectionLoading>Loading the tags...</SectionLoading>
      ) : tags.isError ? (
        <SectionFailed error={tags.error} onRetry={() => void tags.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No tags yet. Press a code in the code window while the video plays.</p>
      ) : (
        <>
          <TagFilterBar codes={allCodes.map((name) => ({ name, color: colorOf(name) }))} labels={allLabels} filter={filter} onChange={setFilter} />

          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" disabled={filtered.length === 0 || !source} onClick={playAll}>
              <ListVideoIcon aria-hidden="true" /> Play all
            </Button>
            <Button size="sm" variant="outline" disabled={filtered.length === 0 || tooMany || reel.isPending} onClick={saveAsReel}>
              {reel.isPending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : <ClapperboardIcon aria-hidden="true" />} Save as reel
            </Button>
            <div role="status" className="text-muted-foreground text-sm empty:hidden">
              {reel.isPending && reel.progress
                ? reel.progress.made < reel.progress.total
                  ? `Making clips: ${reel.progress.made} of ${reel.progress.total}...`
                  : 'Making the reel...'
                : reel.isSuccess
                  ? (
                    <span>
                      Reel saved.{' '}
                      <Link to={`${reelsPath}/${reel.data}`} className="text-foreground font-medium underline underline-offset-4">
                        Open the reel
                      </Link>
                    </span>
                  )
                  : tooMany
                    ? TOO_MANY_FOR_A_REEL
                    : null}
            </div>
          </div>
          <ErrorAlert error={reel.isError ? `The reel was not saved: ${errorMessage(reel.error)}` : null} />

          {playingAll && source ? <PlayAll items={filtered} source={source} title={title} onClose={() => setPlayingAll(false)} overlay={playAllOverlay} /> : null}

          <div role="group" aria-label="View" className="bg-muted inline-flex self-start rounded-md p-0.5 text-sm">
            {views.map((v) => (
              <button
                key={v.view}
                type="button"
                aria-pressed={view === v.view}
                onClick={() => setView(v.view)}
                className={cn(
                  'focus-visible:ring-ring/50 min-h-9 rounded px-3 font-medium outline-none focus-visible:ring-[3px] lg:min-h-8',
                  view === v.view ? 'bg-background shadow-xs' : 'text-muted-foreground',
                )}
              >
                {v.label}
              </button>
            ))}
          </div>

          <ErrorAlert error={remove.isError ? `The tag was not deleted: ${errorMessage(remove.error)}` : null} />
          <ErrorAlert error={update.isError ? `The change was not saved: ${errorMessage(update.error)}` : null} />
          {filtered.length === 0 && view !== 'matrix' ? (
            <p className="text-muted-foreground text-sm">No instance matches this filter.</p>
          ) : view === 'timeline' ? (
            <TagTimeline rows={rows} length={length} now={clock.now} onPlay={play} canTrim={mine} onTrim={trim} />
          ) : view === 'list' ? (
            <TagList items={filtered} colorOf={colorOf} onPlay={play} canDelete={mine} onDelete={(t) => remove.mutate(t)} />
          ) : (
            <TagMatrix counts={counts} codes={allCodes} labels={allLabels} filter={filter} onFilter={setFilter} />
          )}
        </>
      )}
    </section>
  );
}
