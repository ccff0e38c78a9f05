import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Level } from '@app/contracts/levels';
import { authenticateForHost, type AuthUser } from '../../plugins/auth';
import type { Identity } from '../identity/identity';
import { toCaller } from '../users/users.service';
import type { BillingService } from './billing.service';

export interface LevelGuardDeps {
  identity: Identity;
  billing: Pick<BillingService, 'requireLevel'>;
}

export interface LevelContext {
  auth: AuthUser;
  level: Level;
}

/** Signs the request in (401 without a valid token) and checks its level (403 otherwise). */
export async function checkLevel(deps: LevelGuardDeps, request: FastifyRequest, levels: readonly Level[]): Promise<LevelContext> {
  const auth = await authenticateForHost(deps.identity, request);
  return { auth, level: await deps.billing.requireLevel(toCaller(auth), levels) };
}

/**
 * `const requireLevel = createLevelGuard({ identity, billing })`, then on a route:
 * `app.post('/api/events', { preHandler: requireLevel(['team']) }, handler)` (spec section 6).
 */
export function createLevelGuard(deps: LevelGuardDeps) {
  return function requireLevel(levels: readonly Level[]) {
    return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      await checkLevel(deps, request, levels);
    };
  };
}
