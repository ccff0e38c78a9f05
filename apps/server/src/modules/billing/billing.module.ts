import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import type { UsersService } from '../users/users.service';
import { createBillingRepo } from './billing.repo';
import { billingRoutes } from './billing.routes';
import { createBillingService, type BillingDeps, type BillingService } from './billing.service';

/** The billing service on its repository (tests build one with the configuration under test). */
export const createBilling = ({ db, ...deps }: Omit<BillingDeps, 'repo'> & { db: Db }): BillingService => createBillingService({ repo: createBillingRepo(db), ...deps });

/** Subscriptions and levels (`/api/user/usage`, `/api/billing/...`, the Stripe webhook). */
export async function registerBilling(app: FastifyInstance, { config, runtime, users }: ModuleBase & { users: UsersService }): Promise<BillingService> {
  const billing = createBilling({ db: runtime.db, users, config: config.billing, publicUrl: config.publicUrl, events: runtime.events });
  await app.register(taggedRoutes('billing', billingRoutes), { billing });
  return billing;
}
