import { ensureInstall } from './lib/ensure-install.mjs';

ensureInstall();
const { ensureBuilt } = await import('./lib/ensure-build.mjs');
await ensureBuilt({ force: process.argv.includes('--force') });
