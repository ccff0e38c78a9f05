import type { Video } from '@app/contracts/videos';
import type { Executor } from '../../db/job-transaction';
import { recordUpdate } from '../updates/record-update';

/**
 * Tells the owner's open pages (`GET /api/updates`, kind `video`) that the video's processing state
 * changed, in the transaction that changed it; last in it, as recordUpdate requires. Only the owner
 * hears it: teammates see a video once it is ready, through its activity item.
 */
export const recordVideoStatus = (tx: Pick<Executor, 'execute' | 'insert'>, video: { id: string; tenantId: string; ownerUserId: number; status: string }) =>
  recordUpdate(tx, { tenantId: video.tenantId, userId: video.ownerUserId }, 'video', { _id: video.id, status: video.status as Video['status'] });
