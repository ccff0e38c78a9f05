import { CircleAlertIcon, ScissorsIcon } from 'lucide-react';
import { useRef, type ComponentType } from 'react';
import { Link } from 'react-router';

import { Page } from '@/components/page';
import { laptopPlayerSize } from '@/components/player/laptop-player-size';
import { LivePlayer, type LivePlayerHandle } from '@/components/player/live-player';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { LiveEventState } from '@/features/live/api/get-live-event';
import { useCheers, useGameHighlights } from '@/features/live/api/live-clips';
import { AutoHighlights } from '@/features/live/components/auto-highlights';
import { GameHighlights } from '@/features/live/components/game-highlights';
import { SavedClipToast } from '@/features/live/components/saved-clip-toast';
import { LiveBadge, ViewerCount } from '@/features/live/components/stream-card';
import { StreamKeyPanel } from '@/features/live/components/stream-key-panel';
import { useLiveClipButton } from '@/features/live/hooks/use-live-clip-button';
import { autoHighlights } from '@/features/live/utils/cheers';
import { eventTitle, formatEventDate } from '@/features/live/utils/event-title';
import { gameHighlightCard } from '@/features/live/utils/game-clock';
import { serverNow } from '@/features/live/utils/server-clock';
import { errorMessage } from '@/lib/error-message';

/** A product text, word for word (two spaces included): an ended game that has clips. */
export const NO_LONGER_LIVE = 'This event is no longer live.  However, you can explore the clips generated during the event.';
const ENDED_WITHOUT_CLIPS = 'This event is no longer live.';

/** The game's footage in seconds of the game (from its start), as the app's tagging panel uses it. */
export type GameClock = {
  /** The moment on screen; null at a live game's edge (or before its picture shows): what happens now. */
  pressAt(): number | null;
  /** The moment on screen, or now on the server's clock at the live edge. */
  now(): number;
  /** The game's length once it ended; null while it is live. */
  duration(): number | null;
  playFrom(t: number): void;
};

/** What the app composes in beside the player of a game the viewer may play (the tags feature's code window). */
export type LiveTaggingSlot = ComponentType<{ event: LiveEventState; clock: GameClock }>;

/**
 * The live event viewer and, for an ended game, its archive: the player (DVR, live
 * edge, clock of the play position, highlight markers), 'Save a clip' (which keeps the game on
 * screen), 'Game Highlights' and 'Auto Highlights' (both refreshed every 30 s), and the owner's stream key.
 */
export function LiveView({ event, tagging: Tagging }: { event: LiveEventState; tagging?: LiveTaggingSlot }) {
  const player = useRef<LivePlayerHandle>(null);
  const clips = useGameHighlights(event.key);
  const cheers = useCheers(event.key);
  const clipper = useLiveClipButton(event.key);
  const title = eventTitle(event);
  const highlights = autoHighlights(cheers.data ?? []);
  const canClip = event.playable && event.source !== null;
  const live = event.status === 'live';
  const startMs = Date.parse(event.startDate);
  const cards = (clips.data ?? []).map((clip) => gameHighlightCard(clip, startMs, highlights));
  const endedMs = event.endedAt ? Date.parse(event.endedAt) : null;
  const gameSeconds = (ms: number) => Math.max(0, Math.round(ms - startMs) / 1000);

  /** The picture's moment (wall clock); null at a live game's edge or before its picture shows: the play is happening now. */
  function pictureMoment(): number | null {
    const onScreen = player.current?.getWallClock() ?? null;
    return live && (onScreen === null || player.current?.atLiveEdge()) ? null : onScreen;
  }

  /**
   * The moment to save: at a live game's edge (or before its picture shows) the play is happening now,
   * a couple of seconds ahead of the picture: now, on the server's clock. Rewound: the picture's time.
   */
  function saveMoment(): number | null {
    const picture = pictureMoment();
    return picture === null && live ? serverNow(event.clockOffsetMs) : picture;
  }

  // Tags are in seconds of the game; at the live edge the server, whose clock it is, names the moment.
  const gameClock: GameClock = {
    pressAt: () => {
      const picture = pictureMoment();
      return picture === null ? (live ? null : 0) : gameSeconds(picture);
    },
    now: () => gameSeconds(saveMoment() ?? startMs),
    duration: () => (live || endedMs === null ? null : gameSeconds(endedMs)),
    playFrom: (t) => player.current?.seekToWallClock(startMs + t * 1000),
  };

  return (
    <Page
      width="wide"
      title={title}
      description={
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {live ? <LiveBadge /> : null}
          {live ? <ViewerCount viewers={event.viewers} /> : null}
          <time dateTime={event.startDate}>{formatEventDate(event.startDate)}</time>
        </span>
      }
    >
      <div className="flex flex-1 flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-x-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-4">
          {event.status === 'ended' && !clips.isPending ? (
            <p className="bg-muted rounded-lg p-3 text-sm">{cards.length > 0 ? NO_LONGER_LIVE : ENDED_WITHOUT_CLIPS}</p>
          ) : null}

          {!event.playable ? (
            <Alert>
              <CircleAlertIcon aria-hidden="true" />
              <AlertTitle>{event.playbackError ?? 'You cannot watch this game.'}</AlertTitle>
              <AlertDescription>
                <p>
                  <Link to="/subscribe" className="font-medium underline underline-offset-4">
                    Subscribe
                  </Link>{' '}
                  to watch live games and save clips.
                </p>
              </AlertDescription>
            </Alert>
          ) : null}

          {event.source ? (
            <LivePlayer
              ref={player}
              source={event.source}
              label={title}
              markers={highlights.map((h) => ({ atMs: h.timestamp, label: `Highlight ${h.index} ${h.title}` }))}
              className={laptopPlayerSize}
            />
          ) : event.playable ? (
            <p className="bg-muted text-muted-foreground flex aspect-video items-center justify-center rounded-xl text-sm">
              Nothing to play yet.
            </p>
          ) : null}

          {canClip ? (
            <div role="group" aria-label="Save a clip" className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button onClick={() => void clipper.clip(saveMoment(), { stay: true })} aria-busy={clipper.label !== 'Clip'}>
                <ScissorsIcon aria-hidden="true" /> {clipper.label === 'Clip' ? 'Save a clip' : clipper.label}
              </Button>
              <span className="text-muted-foreground text-sm">
                {live ? 'Saves the 20 seconds before now and the 5 after.' : 'Saves the 20 seconds before the moment on screen.'}
              </span>
              {clipper.error ? (
                <p role="alert" className="text-destructive w-full text-sm">
                  {typeof clipper.error === 'string' ? clipper.error : errorMessage(clipper.error)}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>

        <div className="flex flex-col gap-4 lg:sticky lg:top-20 lg:row-span-2 lg:max-h-[calc(100svh-6.5rem)] lg:overflow-y-auto">
          {canClip && Tagging ? <Tagging event={event} clock={gameClock} /> : null}
          <section aria-labelledby="auto-highlights-heading" className="bg-card flex flex-col gap-2 rounded-xl border p-4">
            <h2 id="auto-highlights-heading" className="text-base font-semibold">
              Auto Highlights
            </h2>
            <AutoHighlights
              highlights={highlights}
              loading={cheers.isPending}
              onSeek={(h) => player.current?.seekToWallClock(h.timestamp)}
              onClip={canClip ? (h) => void clipper.clip(h.timestamp) : undefined}
              clipLabel={clipper.label}
            />
          </section>
          <section aria-labelledby="game-highlights-heading" className="bg-card flex flex-col gap-2 rounded-xl border p-4">
            <h2 id="game-highlights-heading" className="text-base font-semibold">
              Game Highlights
            </h2>
            {/* A failed list load falls back to empty. */}
            <GameHighlights cards={cards} loading={clips.isPending} canClip={canClip} clipsPath={clipper.clipsPath} />
          </section>
          {event.owned && live ? (
            <div className="bg-card rounded-xl border p-4">
              <StreamKeyPanel eventKey={event.key} />
            </div>
          ) : null}
        </div>
      </div>
      <SavedClipToast clip={clipper.saved} clipsPath={clipper.clipsPath} onDismiss={clipper.dismissSaved} />
    </Page>
  );
}
