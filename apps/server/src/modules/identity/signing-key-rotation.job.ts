import { z } from 'zod';
import { createSigningKeys } from './identity';
import { defineJob } from '../../jobs/define-job';

/** Daily (and when a worker starts): tenants whose signing key is SIGNING_KEY_ROTATION_DAYS old get a new one. */
export const signingKeyRotationJob = defineJob({
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 5 * 60 },
  schedule: { cron: '17 3 * * *', data: {}, runOnStart: true },
  async handle(_data, ctx) {
    const rotated = await createSigningKeys(ctx.db, ctx.config).rotateDue();
    if (rotated.length > 0) ctx.log.info({ tenants: rotated }, 'rotated signing keys');
  },
});
