import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Runtime } from './runtime';

/** What every module's register function is handed by the composition root (app.ts). */
export interface ModuleBase {
  config: Config;
  runtime: Runtime;
  log: FastifyBaseLogger;
}
