import { CameraIcon, CircleIcon, SquareIcon, SwitchCameraIcon, UploadIcon, VideoIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { GoLive } from '@/features/upload/components/go-live';
import { useCamera } from '@/features/upload/hooks/use-camera';
import { useLivePublish } from '@/features/upload/hooks/use-live-publish';
import { canRecord, useRecorder } from '@/features/upload/hooks/use-recorder';
import { notVideoMessage, pickVideos } from '@/features/upload/utils/recording';
import { formatMediaTime } from '@/lib/media-time';
import { useLevel } from '@/lib/subscription/level-context';

type CameraPanelProps = {
  /** While an upload runs (or has just finished) nothing new can be recorded or chosen. */
  busy: boolean;
  onFiles: (files: File[]) => void;
  onRecordingChange: (recording: boolean) => void;
  /** An event to go live on (`/upload?event=<key>`); without it "Go live" creates one. */
  liveEventKey?: string | null;
};

/** Camera preview with Rec/Stop, Upload, Camera and Flip, and Go live for team subscribers. */
export function CameraPanel({ busy, onFiles, onRecordingChange, liveEventKey }: CameraPanelProps) {
  const camera = useCamera();
  const level = useLevel();
  const live = useLivePublish();
  // While live the camera feeds the stream: no recording, flipping (a new stream) or uploading meanwhile.
  const streaming = live.phase !== 'idle';
  const recorder = useRecorder(camera.stream, (file) => onFiles([file]));
  const preview = useRef<HTMLVideoElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The picker offers videos (accept), but "All files" and drag-in still reach here: checked again.
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = camera.stream;
  }, [camera.stream]);

  useEffect(() => onRecordingChange(recorder.recording), [recorder.recording, onRecordingChange]);

  return (
    <div className="flex flex-col gap-3">
      <div className="relative aspect-video overflow-hidden rounded-xl bg-black text-white shadow-sm">
        {/* Muted: the microphone is recorded, not played back (which would echo). */}
        <video ref={preview} autoPlay muted playsInline aria-label="Camera preview" className="absolute inset-0 size-full object-cover" />
        {!camera.started ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-white/75">
            <VideoIcon aria-hidden="true" className="size-8" />
            <p>{camera.starting ? 'Opening the camera...' : 'Start the camera to record a game, or upload videos from your device.'}</p>
          </div>
        ) : null}
        {recorder.recording && recorder.startedAt !== null ? <RecordingBadge startedAt={recorder.startedAt} /> : null}
      </div>

      {refused ? (
        <Alert variant="destructive">
          <AlertDescription>{refused}</AlertDescription>
        </Alert>
      ) : null}

      {camera.error ? (
        <Alert variant="destructive">
          <AlertDescription>{camera.error}</AlertDescription>
        </Alert>
      ) : null}

      {/* In the order they are used: start the camera, record; or upload files instead. */}
      <div className="flex flex-wrap gap-2 [&>button]:min-w-[6.5rem] [&>button]:flex-1 sm:[&>button]:flex-none">
        <Button
          variant={camera.started ? 'outline' : 'default'}
          onClick={() => void camera.start()}
          disabled={camera.started || camera.starting}
        >
          <CameraIcon aria-hidden="true" /> Camera
        </Button>
        {recorder.recording ? (
          <Button variant="destructive" onClick={recorder.stop}>
            <SquareIcon aria-hidden="true" className="fill-current" /> Stop
          </Button>
        ) : (
          <Button
            variant={camera.started ? 'default' : 'outline'}
            onClick={recorder.start}
            disabled={!camera.started || busy || streaming || !canRecord()}
            title={canRecord() ? undefined : 'This browser cannot record video.'}
          >
            <CircleIcon aria-hidden="true" className="fill-red-500 text-red-500" /> Rec
          </Button>
        )}
        {camera.canFlip ? (
          <Button variant="outline" onClick={camera.flip} disabled={recorder.recording || streaming || camera.starting}>
            <SwitchCameraIcon aria-hidden="true" /> Flip
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={busy || recorder.recording || streaming}>
          <UploadIcon aria-hidden="true" /> Upload
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="video/*"
          multiple
          hidden
          aria-label="Video files"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared, so choosing the same file again (a retry) fires a change again.
            event.target.value = '';
            void pickVideos(files).then(({ videos, refused }) => {
              setRefused(refused.length > 0 ? notVideoMessage(refused) : null);
              if (videos.length > 0) onFiles(videos);
            });
          }}
        />
      </div>

      {level === 'team' ? <GoLive live={live} stream={camera.stream} disabled={busy || recorder.recording} eventKey={liveEventKey} /> : null}
    </div>
  );
}

function RecordingBadge({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <span className="absolute top-3 left-3 flex items-center gap-1.5 rounded-md bg-black/60 px-2 py-1 text-xs font-semibold tabular-nums">
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-red-500" />
      REC {formatMediaTime((now - startedAt) / 1000)}
    </span>
  );
}
