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

// Types first: a type error fails fast and names the file, before minutes of integration tests.
const workspaces = ['packages/contracts', 'packages/media', 'apps/server', 'apps/web', 'e2e'];
if (!process.argv.includes('--no-typecheck')) {
  console.log('Type-checking...');
  for (const ws of workspaces) {
    const tsc = spawnSync(process.execPath, [at('node_modules/typescript/bin/tsc'), '-p', at(ws), '--noEmit'], { cwd: root, stdio: 'inherit' });
    if (tsc.status !== 0) {
      console.error(`Type errors in ${ws}.`);
      process.exit(tsc.status ?? 1);
    }
  }
}

// The architecture's rules (eslint.config.js): a forbidden import fails the run before any test does.
if (!process.argv.includes('--no-lint')) {
  console.log('Linting...');
  const lint = spawnSync(process.execPath, [at('node_modules/eslint/bin/eslint.js'), '--max-warnings=0', '.'], { cwd: root, stdio: 'inherit' });
  if (lint.status !== 0) {
    console.error('Lint failed: fix the code above (npm run lint runs the lint alone).');
    process.exit(lint.status ?? 1);
  }
  const unused = spawnSync(process.execPath, [at('scripts/check-unused-exports.mjs')], { cwd: root, stdio: 'inherit' });
  if (unused.status !== 0) {
    console.error('Unused exports: remove them (npm run lint runs this check too).');
    process.exit(unused.status ?? 1);
  }
}

const vitestArgs = process.argv.slice(2).filter((a) => a !== '--no-typecheck' && a !== '--no-lint');
const result = spawnSync(process.execPath, [at('node_modules/vitest/vitest.mjs'), 'run', ...vitestArgs], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
