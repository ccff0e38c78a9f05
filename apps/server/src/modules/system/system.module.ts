import type { FastifyInstance } from 'fastify';
import type { ModuleBase } from '../../module-base';
import { taggedRoutes } from '../../plugins/api-docs';
import { createSystemRepo } from './system.repo';
import { systemRoutes } from './system.routes';

/** `/api/health` and `/api/config`. */
export async function registerSystem(app: FastifyInstance, { config, runtime }: ModuleBase): Promise<void> {
  await app.register(taggedRoutes('system', systemRoutes), { config, runtime, repo: createSystemRepo(runtime.db) });
}
