import type { FastifyInstance } from 'fastify';
import { tenantPublicUrl } from '../../config';
import type { ModuleBase } from '../../module-base';
import type { SpaPage } from '../../plugins/spa';
import { taggedRoutes } from '../../plugins/api-docs';
import { cardPage } from './card-page';
import { createRecruitingRepo } from './recruiting.repo';
import { recruitingRoutes } from './recruiting.routes';
import { createRecruitingService, type RecruitingServiceDeps } from './recruiting.service';

/** Recruiting cards (`/api/user/recruiting`, `/api/recruiting/...`); returns the card's page for the web app's server. */
export async function registerRecruiting(
  app: FastifyInstance,
  { config, runtime, users, images, teams, reels }: ModuleBase & Omit<RecruitingServiceDeps, 'repo' | 'publicUrlOf'>,
): Promise<{ cardPage: SpaPage }> {
  // A card's link points at its tenant's own host, the only one it opens on.
  const publicUrlOf = (tenantId: string) => tenantPublicUrl(config, tenantId);
  const recruiting = createRecruitingService({ repo: createRecruitingRepo(runtime.db), publicUrlOf, users, images, teams, reels });
  await app.register(taggedRoutes('recruiting', recruitingRoutes), { config, recruiting });
  // Link previews read a card's page without running its JavaScript: its tags are in the HTML.
  return { cardPage: cardPage({ recruiting, rateLimit: config.identity.authRateLimit * 3 }) };
}
