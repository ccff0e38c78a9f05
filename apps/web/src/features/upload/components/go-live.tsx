import { RadioTowerIcon, SquareIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { SportSelect } from '@/components/sport-select';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCreateLiveEvent } from '@/features/upload/api/create-live-event';
import type { LivePublish } from '@/features/upload/hooks/use-live-publish';
import { liveTitle, sportFromProfile } from '@/features/upload/utils/live-publish';
import { useMe } from '@/lib/auth/get-me';
import { formatMediaTime } from '@/lib/media-time';

type GoLiveProps = {
  live: LivePublish;
  stream: MediaStream | null;
  /** Recording or uploading: one thing at a time with the camera. */
  disabled: boolean;
  /** An event set up beforehand (`/upload?event=<key>`): streamed to instead of a new one. */
  eventKey?: string | null;
};

/** "Go live from this phone": for team subscribers, the camera streams to a live event. */
export function GoLive({ live, stream, disabled, eventKey }: GoLiveProps) {
  const me = useMe();
  const create = useCreateLiveEvent();
  const profileSport = sportFromProfile(me.data?.sport);
  const [sport, setSport] = useState('');
  const needsSport = !eventKey && !profileSport;
  const team = me.data?.name || me.data?.username || 'my team';

  const goLive = () => {
    if (!stream) return;
    void live.start(stream, async () => {
      if (eventKey) return eventKey;
      const created = await create.mutateAsync({ title: liveTitle(team, new Date()), date: new Date().toISOString(), type: profileSport ?? sport, thumbnail: '', public: false });
      return created.key;
    });
  };

  return (
    <div className="flex flex-col gap-2">
      {live.phase === 'idle' ? (
        <div className="flex flex-wrap items-center gap-2">
          {needsSport ? (
            <SportSelect aria-label="Sport" value={sport} onChange={(event) => setSport(event.target.value)} placeholder="Choose a sport" className="w-auto" />
          ) : null}
          <Button
            onClick={goLive}
            disabled={!stream || disabled || (needsSport && !sport)}
            title={stream ? undefined : 'Start the camera first.'}
          >
            <RadioTowerIcon aria-hidden="true" /> Go live
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          {live.phase === 'live' && live.startedAt !== null ? <LiveBadge startedAt={live.startedAt} /> : <span className="text-sm">Connecting...</span>}
          {live.eventKey ? (
            <Link to={`/live/${live.eventKey}`} className="text-sm underline underline-offset-4" target="_blank" rel="noreferrer">
              Open the viewer page
            </Link>
          ) : null}
          <Button variant="destructive" onClick={live.end}>
            <SquareIcon aria-hidden="true" className="fill-current" /> End
          </Button>
        </div>
      )}
      {live.error ? (
        <Alert variant="destructive">
          <AlertDescription>{live.error}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

function LiveBadge({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <span className="flex items-center gap-1.5 rounded-md bg-red-600 px-2 py-1 text-xs font-semibold text-white tabular-nums">
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-white" />
      LIVE {formatMediaTime(Math.max(0, now - startedAt) / 1000)}
    </span>
  );
}
