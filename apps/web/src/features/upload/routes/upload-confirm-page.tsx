import { DEFAULT_VIDEO_TITLE } from '@app/contracts/videos';
import { CircleCheckIcon, RotateCcwIcon, UploadIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { VideoCard, VideoCardSkeleton } from '@/components/video-card';
import { useUploadedVideos } from '@/features/upload/api/get-uploaded-videos';
import { uploadSummary } from '@/features/upload/utils/upload-summary';

/** The videos feature's one-click Remove of a failed video, which the app composes in: features never import each other. */
export type RemoveFailedSlot = (video: { key: string; title: string }) => React.ReactNode;

/** /upload/confirm?key=a&key=b: after an upload, links to each new video at /team/videos/{key}. */
export function UploadConfirmPage({ removeFailed }: { removeFailed: RemoveFailedSlot }) {
  const [params] = useSearchParams();
  const keys = params.getAll('key').filter(Boolean);
  const videos = useUploadedVideos(keys);
  // Until the list loads (or if it fails), plain links: the videos exist, whatever this page manages to show.
  const items = videos.data?.items ?? [];

  return (
    <Page
      title="Upload Complete"
      description={videos.data ? uploadSummary(items) : 'Your upload is complete.'}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/team/videos">All Videos</Link>
        </Button>
      }
    >
      {keys.length === 0 ? (
        <EmptyState icon={CircleCheckIcon}>Your uploads are in All Videos.</EmptyState>
      ) : videos.isPending ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {keys.map((key) => (
            <li key={key}>
              <VideoCardSkeleton />
            </li>
          ))}
        </ul>
      ) : items.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((video) => (
            <li key={video.key} className="flex flex-col gap-2">
              <VideoCard video={video} to={`/team/videos/${encodeURIComponent(video.key)}`} className="flex-1" />
              {video.status === 'failed' ? (
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link to="/upload">
                      <RotateCcwIcon aria-hidden="true" /> Upload again
                    </Link>
                  </Button>
                  {removeFailed({ key: video.key, title: video.title?.trim() || DEFAULT_VIDEO_TITLE })}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : videos.data ? (
        <EmptyState icon={CircleCheckIcon}>The videos of this upload were removed.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {keys.map((key, index) => (
            <li key={key}>
              <Link className="text-primary underline-offset-4 hover:underline" to={`/team/videos/${encodeURIComponent(key)}`}>
                Video {keys.length > 1 ? index + 1 : ''}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button asChild variant="outline">
          <Link to="/upload">
            <UploadIcon aria-hidden="true" /> Upload more
          </Link>
        </Button>
      </div>
    </Page>
  );
}

