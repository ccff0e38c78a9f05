import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { TenantsRepo } from './tenants.repo';

/** A tenant's sign-in settings, as identity's routes and sign-in read them. */
export interface Tenant {
  id: string;
  name: string;
  loginRedirectPath: string;
  requirePkce: boolean;
}

/** Configured tenants, each reached at its own host name; data of one never reaches another. */
export function createTenantService(repo: TenantsRepo, config: Pick<Config, 'tenants' | 'tenantId'>) {
  const byHost = new Map(config.tenants.map((t) => [t.host, t.id]));
  const known = new Set(config.tenants.map((t) => t.id));
  const cache = new Map<string, { tenant: Tenant; at: number }>();

  return {
    async ensureConfigured(): Promise<void> {
      for (const t of config.tenants) await repo.ensure(t.id);
    },

    /** The tenant of a request's Host header (port ignored); unknown hosts get the default tenant. */
    fromHost(host: string | undefined): string {
      const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
      return byHost.get(name) ?? config.tenantId;
    },

    /** A configured tenant or 404: tenant ids in paths are user input. */
    async get(id: string): Promise<Tenant> {
      if (!known.has(id)) throw new AppError('NOT_FOUND', 'Missing tenantId');
      const hit = cache.get(id);
      if (hit && Date.now() - hit.at < 30_000) return hit.tenant;
      const row = await repo.byId(id);
      if (!row) throw new AppError('NOT_FOUND', 'Missing tenantId');
      const tenant: Tenant = { id: row.id, name: row.name, loginRedirectPath: row.loginRedirectPath, requirePkce: row.requirePkce };
      cache.set(id, { tenant, at: Date.now() });
      return tenant;
    },
  };
}
