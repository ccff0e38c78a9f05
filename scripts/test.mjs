// `npm test`: install if needed, make sure a browser exists, build the app the e2e tests start, run every test.
import { spawnSync } from 'node:child_process';
import { ensureInstall } from './lib/ensure-install.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { at, root } from './lib/paths.mjs';

ensureInstall();
let chromium;
try {
  chromium = ensureChromium();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const { ensureBuilt } = await import('./lib/ensure-build.mjs');
await ensureBuilt();

const result = spawnSync(process.execPath, [at('node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
