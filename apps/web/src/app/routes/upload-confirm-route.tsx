import { UploadConfirmPage } from '@/features/upload/routes/upload-confirm-page';
import { DeleteVideoButton } from '@/features/videos/components/delete-video-button';

/**
 * /upload/confirm: the upload feature's page, with the videos feature's Remove for a video that failed to
 * process (composed here because features never import each other).
 */
export function Component() {
  return <UploadConfirmPage removeFailed={({ key, title }) => <DeleteVideoButton videoKey={key} title={title} confirm={false} />} />;
}
