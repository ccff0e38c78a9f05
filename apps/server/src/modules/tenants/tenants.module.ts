import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createTenantsRepo } from './tenants.repo';
import { createTenantService } from './tenants.service';

/**
 * The tenants service on its repository. Tenants have no routes of their own: identity builds this
 * in the runtime (configured tenants exist before the app or a worker starts) and names the host's tenant.
 */
export const createTenants = (db: Db, config: Pick<Config, 'tenants' | 'tenantId'>) => createTenantService(createTenantsRepo(db), config);
