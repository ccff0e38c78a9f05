import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { health, publicConfig } from '@app/contracts/config';
import { errorBody } from '@app/contracts/errors';
import type { Config } from '../../config';
import type { Runtime } from '../../runtime';
import { AppError } from '../../errors';
import { hostTenant } from '../../plugins/auth';
import type { SystemRepo } from './system.repo';
import { checkHealth } from './system.service';

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; runtime: Runtime; repo: SystemRepo }> = async (app, { config, runtime, repo }) => {
  app.get('/api/health', { schema: { response: { 200: health, 503: errorBody } } }, async () => {
    const problem = await checkHealth({ repo, jobs: runtime.jobs });
    if (problem) throw new AppError('INTERNAL', problem, 503);
    return { ok: true as const };
  });

  const publicView = (tenantId: string) => ({
    tenantId,
    mode: config.mode,
    // Relative, so it works on whatever host the browser reached us by.
    identityBaseUrl: "/v0/",
    ingestUrl: `rtmp://${new URL(config.publicUrl).hostname}:${config.rtmpPort}/live`,
    billing: { provider: config.billing.provider, publishableKey: config.billing.publishableKey },
    termsUrl: config.legal.termsUrl,
    privacyUrl: config.legal.privacyUrl,
  });
  app.get('/api/config', { schema: { response: { 200: publicConfig } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    // Each tenant's web app is reached at its own host name.
    return publicView(hostTenant(request));
  });
};
