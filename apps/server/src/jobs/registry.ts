import type { z } from 'zod';
import { storageCleanup } from './storage-cleanup';

/** Every job type the platform runs. The name is the pg-boss queue name. */
export const jobRegistry = {
  'storage-cleanup': storageCleanup,
};

export type JobName = keyof typeof jobRegistry;
export type JobPayload<N extends JobName> = z.input<(typeof jobRegistry)[N]['payload']>;
