// `npm test`: install if needed, make sure a browser exists, build the app the e2e tests start, run every test,
// then print the slowest test files. `--serial` runs the browser journeys after the rest instead of alongside.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstall } from './lib/ensure-install.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { slowestFiles } from './lib/file-times-reporter.mjs';
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

/** Runs node `args` with its output kept; resolves with the exit status and the output. */
const runQuiet = (args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ status: code ?? 1, output }));
  });

// Types and the architecture's rules (eslint.config.js) before any test: a type error or a forbidden import
// fails fast and names the file, before minutes of integration tests. The two run side by side (one core each).
const workspaces = ['packages/contracts', 'packages/media', 'apps/server', 'apps/web', 'e2e'];
const typecheck = async () => {
  for (const ws of workspaces) {
    const tsc = await runQuiet([at('node_modules/typescript/bin/tsc'), '-p', at(ws), '--noEmit']);
    if (tsc.status !== 0) return { ...tsc, message: `Type errors in ${ws}.` };
  }
  return { status: 0 };
};
const lint = async () => {
  const eslint = await runQuiet([at('node_modules/eslint/bin/eslint.js'), '--max-warnings=0', '.']);
  if (eslint.status !== 0) return { ...eslint, message: 'Lint failed: fix the code above (npm run lint runs the lint alone).' };
  const unused = await runQuiet([at('scripts/check-unused-exports.mjs')]);
  return { ...unused, message: 'Unused exports: remove them (npm run lint runs this check too).' };
};
const checks = [!process.argv.includes('--no-typecheck') && ['Type-checking', typecheck], !process.argv.includes('--no-lint') && ['Linting', lint]].filter(Boolean);
if (checks.length > 0) {
  console.log(`${checks.map(([what]) => what).join(' and ')}...`);
  for (const result of await Promise.all(checks.map(([, check]) => check()))) {
    if (result.status === 0) continue;
    process.stdout.write(result.output);
    console.error(result.message);
    process.exit(result.status);
  }
}

const flags = ['--no-typecheck', '--no-lint', '--serial'];
const vitestArgs = process.argv.slice(2).filter((a) => !flags.includes(a));
const timesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamfilm-test-times-'));
const vitest = (args, timesFile, stdio) =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [at('node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', `--reporter=${at('scripts/lib/file-times-reporter.mjs')}`, ...args],
      { cwd: root, stdio, env: { ...process.env, CHROMIUM_PATH: chromium, FILE_TIMES_OUT: path.join(timesDir, timesFile) } },
    );
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

let status;
if (vitestArgs.length > 0 || process.argv.includes('--serial')) {
  status = await vitest(vitestArgs, 'all.json', 'inherit');
} else {
  // The browser journeys wait on their app (transcodes, the live ingest) as much as on the CPU, and the
  // server tests on ffmpeg and real-time publishes: side by side their waits overlap instead of adding up.
  // The journeys' output follows the rest, whole.
  const e2eLog = path.join(timesDir, 'e2e.log');
  console.log(`Browser journeys (e2e) run alongside the other projects; their output follows (live: ${e2eLog}).`);
  const out = fs.openSync(e2eLog, 'w');
  const [rest, e2e] = await Promise.all([vitest(['--project', '!e2e'], 'rest.json', 'inherit'), vitest(['--project', 'e2e'], 'e2e.json', ['ignore', out, out])]);
  fs.closeSync(out);
  process.stdout.write(`\n${fs.readFileSync(e2eLog, 'utf8')}`);
  status = rest || e2e;
}

const slowest = slowestFiles(fs.readdirSync(timesDir).filter((f) => f.endsWith('.json')).map((f) => path.join(timesDir, f)));
if (slowest.length > 0) console.log(`\nThe ${slowest.length} slowest test files (time each held a worker):\n${slowest.join('\n')}`);
fs.rmSync(timesDir, { recursive: true, force: true });
process.exit(status);
