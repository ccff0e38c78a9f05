import { clipUpdates } from '@/features/clips/api/updates';
import { drawingUpdates } from '@/features/drawings/api/updates';
import { liveUpdates } from '@/features/live/api/updates';
import { scheduleUpdates } from '@/features/schedule/api/updates';
import { tagUpdates } from '@/features/tags/api/updates';
import { talkUpdates } from '@/features/talk/api/updates';
import { uploadUpdates } from '@/features/upload/api/updates';
import { videoUpdates } from '@/features/videos/api/updates';
import type { UpdateFeature } from '@/lib/updates/update-handlers';

/** The features the update stream keeps current, each with the handlers of its own update kinds. */
export const updateFeatures: readonly UpdateFeature[] = [talkUpdates, scheduleUpdates, liveUpdates, clipUpdates, videoUpdates, uploadUpdates, tagUpdates, drawingUpdates];
