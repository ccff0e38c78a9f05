// `npm run users:import -- users.csv [--tenant id]`: build if needed, then run the importer.
import { spawnSync } from 'node:child_process';
import { ensureInstall } from './lib/ensure-install.mjs';
import { at } from './lib/paths.mjs';

ensureInstall();
const { buildServer } = await import('./lib/ensure-build.mjs');
await buildServer();
const result = spawnSync(process.execPath, [at('apps/server/dist/users-import.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
