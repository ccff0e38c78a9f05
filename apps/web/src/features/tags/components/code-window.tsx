import { PLAYER_GROUP, type CodeButton } from '@app/contracts/film';
import { Settings2Icon, TagsIcon, XIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { useCodeWindow } from '@/features/tags/api/get-code-window';
import { useTags, type TagTarget } from '@/features/tags/api/get-tags';
import { SectionFailed, SectionLoading } from '@/features/tags/components/section-states';
import { useTagHotkeys } from '@/features/tags/hooks/use-tag-hotkeys';
import { useTagging, type TagClock } from '@/features/tags/hooks/use-tagging';
import { textOn } from '@/features/tags/utils/colors';
import { chipsFor, type Chip } from '@/features/tags/utils/hotkeys';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

/** The code window's editor (read-only for those who may not change it). */
const CODES_PATH = '/team/codes';
/** How long a press's labels are offered (a tap on one offers them again for as long). */
const CHIPS_MS = 5_000;

/**
 * The code window beside the player: a button per code (its colour, name and, on a laptop, its hotkey).
 * A press (tap, click or hotkey) tags [t - lead, t + lag] at once; pressing it again while that instance
 * runs extends it. After a press the code's labels and the team's players are offered for a few seconds:
 * a tap or the digit shown adds one to the instance.
 */
export function CodeWindow({ target, clock }: { target: TagTarget; clock: TagClock }) {
  const codes = useCodeWindow();
  const tags = useTags(target);
  const tagging = useTagging(target, clock);
  const { last, dismiss, toggleLabel } = tagging;
  const [offeredAt, setOfferedAt] = useState(0);
  const buttons = useMemo(() => codes.data?.buttons ?? [], [codes.data]);
  const players = useMemo(() => codes.data?.players ?? [], [codes.data]);

  const labels = useMemo(() => (last ? [...new Set(last.button.labels)] : []), [last]);
  const playerLabels = useMemo(() => players.filter((p) => !labels.includes(p)), [labels, players]);
  const chips = useMemo(() => chipsFor([...labels, ...playerLabels], buttons), [buttons, labels, playerLabels]);
  const instance = last ? tags.data?.items.find((t) => t._id === last.localId) : undefined;

  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(dismiss, CHIPS_MS);
    return () => clearTimeout(timer);
  }, [last, offeredAt, dismiss]);

  function label(name: string) {
    toggleLabel(name);
    setOfferedAt((n) => n + 1);
  }
  useTagHotkeys(buttons, last ? chips : [], { onPress: tagging.press, onLabel: label });

  return (
    <section aria-labelledby="code-window-heading" className="bg-card flex flex-col gap-3 rounded-xl border p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="code-window-heading" className="flex items-center gap-2 text-base font-semibold">
          <TagsIcon aria-hidden="true" className="text-muted-foreground size-4" /> Code window
        </h2>
        {codes.data ? (
          <Button asChild variant="ghost" size="sm">
            <Link to={CODES_PATH}>
              <Settings2Icon aria-hidden="true" /> {codes.data.canEdit ? 'Edit codes' : 'View codes'}
            </Link>
          </Button>
        ) : null}
      </div>

      {codes.isPending ? (
        <SectionLoading>Loading the codes...</SectionLoading>
      ) : codes.isError ? (
        <SectionFailed error={codes.error} onRetry={() => void codes.refetch()} />
      ) : buttons.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {codes.data.canEdit ? 'No codes yet. Add the buttons your team tags with under Edit codes.' : 'Your team has no codes yet.'}
        </p>
      ) : (
        <ButtonGrid buttons={buttons} onPress={tagging.press} />
      )}

      {last ? (
        <div role="group" aria-label={`Labels for ${last.button.name}`} className="bg-muted/60 flex flex-col gap-2 rounded-lg p-2">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium" aria-live="polite">
              Tagged {last.button.name}
            </p>
            <Button variant="ghost" size="icon-sm" aria-label="Hide the labels" onClick={dismiss}>
              <XIcon aria-hidden="true" />
            </Button>
          </div>
          {chips.length === 0 ? <p className="text-muted-foreground text-xs">This code has no labels.</p> : null}
          <ChipRow caption={null} chips={chips.slice(0, labels.length)} active={instance?.labels ?? []} onToggle={label} />
          <ChipRow caption={PLAYER_GROUP} chips={chips.slice(labels.length)} active={instance?.labels ?? []} onToggle={label} />
        </div>
      ) : null}

      <ErrorAlert error={tagging.error ? `Your tag was not saved: ${errorMessage(tagging.error)}` : null} />
      {buttons.length > 0 ? (
        <p className="text-muted-foreground hidden text-xs lg:block">
          Press a code or its key to tag the moments around the playhead; press it again while it runs to make it longer.
        </p>
      ) : null}
    </section>
  );
}

/** The buttons, under their group's name when the window has groups. */
function ButtonGrid({ buttons, onPress }: { buttons: readonly CodeButton[]; onPress: (button: CodeButton) => void }) {
  const groups = useMemo(() => {
    const byGroup = new Map<string, CodeButton[]>();
    for (const b of buttons) byGroup.set(b.group, [...(byGroup.get(b.group) ?? []), b]);
    return [...byGroup];
  }, [buttons]);
  const named = groups.some(([group]) => group !== '');
  return (
    <div className="flex flex-col gap-3">
      {groups.map(([group, members]) => (
        <div key={group} role="group" aria-label={group || 'Code window'} className="flex flex-col gap-1.5">
          {named ? <h3 className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{group || 'Other'}</h3> : null}
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
            {members.map((b) => (
              <button
                key={b._id}
                type="button"
                onClick={() => onPress(b)}
                aria-keyshortcuts={b.hotkey ?? undefined}
                style={{ backgroundColor: b.color, color: textOn(b.color) }}
                className="focus-visible:ring-ring/50 flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-semibold shadow-xs transition outline-none focus-visible:ring-[3px] active:scale-[0.97] active:brightness-90 lg:min-h-9"
              >
                <span className="min-w-0 break-words">{b.name}</span>
                {b.hotkey ? (
                  <kbd aria-hidden="true" className="hidden rounded border border-current/40 px-1.5 font-mono text-xs uppercase opacity-80 lg:inline">
                    {b.hotkey}
                  </kbd>
                ) : null}
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

function ChipRow({ caption, chips, active, onToggle }: { caption: string | null; chips: readonly Chip[]; active: readonly string[]; onToggle: (label: string) => void }) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      {caption ? <span className="text-muted-foreground text-xs font-medium">{caption}</span> : null}
      <div className="flex flex-wrap gap-1.5">
        {chips.map((chip) => {
          const on = active.includes(chip.label);
          return (
            <button
              key={chip.label}
              type="button"
              aria-pressed={on}
              aria-keyshortcuts={chip.key ?? undefined}
              onClick={() => onToggle(chip.label)}
              className={cn(
                'focus-visible:ring-ring/50 flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm outline-none focus-visible:ring-[3px] lg:min-h-8',
                on ? 'bg-primary text-primary-foreground border-transparent' : 'bg-background hover:bg-accent',
              )}
            >
              {chip.label}
              {chip.key ? (
                <kbd aria-hidden="true" className="hidden font-mono text-xs opacity-70 lg:inline">
                  {chip.key}
                </kbd>
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
