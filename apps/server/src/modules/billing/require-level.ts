import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Level } from '@app/contracts/levels';
import { authenticateCaller, type SignedInCaller } from '../../plugins/auth';
import type { BillingService } from './billing.service';

export interface LevelGuardDeps {
  billing: Pick<BillingService, 'requireLevel'>;
}

export interface LevelContext {
  caller: SignedInCaller;
  level: Level;
}

/** Signs the request in with the app's signed-in context (401 without a valid token) and checks its level (403 otherwise). */
export async function checkLevel(deps: LevelGuardDeps, request: FastifyRequest, levels: readonly Level[]): Promise<LevelContext> {
  // In a `requireSignedIn` scope the preHandler has signed the request in already.
  const caller = (request.caller as SignedInCaller | null) ?? (await authenticateCaller(request));
  return { caller, level: await deps.billing.requireLevel(caller, levels) };
}

/**
 * `const requireLevel = createLevelGuard({ billing })`, then on a route:
 * `app.post('/api/events', { preHandler: requireLevel(['team']) }, handler)`.
 */
export function createLevelGuard(deps: LevelGuardDeps) {
  return function requireLevel(levels: readonly Level[]) {
    return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      await checkLevel(deps, request, levels);
    };
  };
}
