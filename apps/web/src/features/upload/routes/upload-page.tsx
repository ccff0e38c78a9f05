import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { CameraPanel } from '@/features/upload/components/camera-panel';
import { TestVideoOffer } from '@/features/upload/components/test-video-offer';
import { UploadStatus } from '@/features/upload/components/upload-status';
import { useFreshToken } from '@/lib/auth/use-fresh-token';
import { useUploads } from '@/features/upload/hooks/use-uploads';
import { RELOAD_AFTER_UPLOAD_MS, UploadProgress } from '@/features/upload/utils/upload-progress';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { teamLevels, useLevel } from '@/lib/subscription/level-context';

/**
 * /upload: record a game with the camera or upload video files. Who may upload is the level, as on the
 * server: a new coach or athlete has their type's level for 8 days without paying.
 */
export function Component() {
  const level = useLevel();
  return (
    <Page title="Upload" description="Record a game or upload videos from your device.">
      {level === undefined ? <PageLoading /> : teamLevels.includes(level) ? <Uploader /> : <TestVideoOffer />}
    </Page>
  );
}

function Uploader() {
  const api = useApiClient();
  const session = useSession();
  const getToken = useFreshToken();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [recording, setRecording] = useState(false);
  const onRecordingChange = useCallback((on: boolean) => setRecording(on), []);
  const reloadTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const uploads = useUploads(
    { api, getToken, userKey: String(session.userId ?? session.userUuid ?? 'signed-in') },
    {
      // Complete, then the page moves on after 1 s, to the confirm page that links the new videos.
      onComplete: (keys) => {
        reloadTimer.current = window.setTimeout(() => {
          const query = new URLSearchParams(keys.map((key) => ['key', key]));
          void navigate(`/upload/confirm?${query}`);
        }, RELOAD_AFTER_UPLOAD_MS);
      },
    },
  );

  const busy = uploads.progress === UploadProgress.uploading || uploads.progress === UploadProgress.complete;

  return (
    <div className="flex flex-col gap-4">
      <CameraPanel busy={busy} onFiles={uploads.start} onRecordingChange={onRecordingChange} liveEventKey={searchParams.get('event')} />
      <UploadStatus
        recording={recording}
        progress={uploads.progress}
        count={uploads.count}
        percent={uploads.percent}
        error={uploads.error}
        failedFile={uploads.failedFile}
        onRetry={uploads.retry}
        onRemove={uploads.removeFailed}
      />
    </div>
  );
}
