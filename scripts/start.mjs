// `npm start`: install if needed, build if sources changed, then run the server in this process.
import { ensureInstall } from './lib/ensure-install.mjs';
import { pathToFileURL } from 'node:url';
import { at } from './lib/paths.mjs';

ensureInstall();
const { ensureBuilt } = await import('./lib/ensure-build.mjs');
try {
  await ensureBuilt();
} catch (err) {
  console.error(`Build failed: ${err.message}`);
  process.exit(1);
}
await import(pathToFileURL(at('apps/server/dist/main.js')).href);
