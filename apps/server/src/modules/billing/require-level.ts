import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Level } from '@app/contracts/levels';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { authenticateForHost, type AuthUser } from '../../plugins/auth';
import type { Identity } from '../identity/identity';
import { levelOf } from './usage';

export const LEVEL_FORBIDDEN_MESSAGE = 'Your subscription does not include this.';

export interface LevelGuardDeps {
  db: Db;
  identity: Identity;
  /** Clock for the 8-day window (tests). */
  now?: () => Date;
}

export interface LevelContext {
  auth: AuthUser;
  level: Level;
}

/** Throws 403 'Your subscription does not include this.' unless `level` is one of `levels`. */
export function assertLevel(level: Level, levels: readonly Level[]): void {
  if (!levels.includes(level)) throw new AppError('FORBIDDEN', LEVEL_FORBIDDEN_MESSAGE);
}

/** Signs the request in (401 without a valid token) and checks its level (403 otherwise). */
export async function checkLevel(deps: LevelGuardDeps, request: FastifyRequest, levels: readonly Level[]): Promise<LevelContext> {
  // In a `requireSignedIn` scope the preHandler has signed the request in already.
  const auth = (request.caller as typeof request.caller | null) ?? (await authenticateForHost(deps.identity, request));
  const level = await levelOf(deps.db, auth.tenantId, auth.userId, deps.now?.() ?? new Date());
  assertLevel(level, levels);
  return { auth, level };
}

/**
 * `const requireLevel = createLevelGuard({ db, identity })`, then on a route:
 * `app.post('/api/events', { preHandler: requireLevel(['team']) }, handler)` (spec section 6).
 */
export function createLevelGuard(deps: LevelGuardDeps) {
  return function requireLevel(levels: readonly Level[]) {
    return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      await checkLevel(deps, request, levels);
    };
  };
}

/** One-off form of `createLevelGuard(deps)(levels)`. */
export function requireLevel(levels: readonly Level[], deps: LevelGuardDeps) {
  return createLevelGuard(deps)(levels);
}
