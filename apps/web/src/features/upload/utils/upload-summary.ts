import type { Video } from '@app/contracts/videos';

const ONE: Record<Video['status'], string> = {
  ready: 'Your video is ready to watch.',
  processing: 'Your video is processing and will be ready to watch shortly.',
  failed: 'Your video could not be processed.',
};

/**
 * What became of the uploaded videos, as it is (the cards show each one's progress or failure):
 * "Your 3 videos: 1 ready to watch, 1 processing, 1 failed."
 */
export function uploadSummary(items: readonly Pick<Video, 'status'>[]): string {
  if (items.length === 1) return ONE[items[0]!.status];
  const count = (status: Video['status']) => items.filter((v) => v.status === status).length;
  const parts = [
    [count('ready'), 'ready to watch'],
    [count('processing'), 'processing'],
    [count('failed'), 'failed'],
  ] as const;
  const told = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return told.length === 0 ? 'Your upload is complete.' : `Your ${items.length} videos: ${told.join(', ')}.`;
}
