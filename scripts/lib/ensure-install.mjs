// Uses only Node built-ins: it runs before any dependency is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { hashFiles, readStamp, writeStamp } from './hash-files.mjs';
import { at, root } from './paths.mjs';

const manifests = () => [
  at('package.json'),
  at('package-lock.json'),
  ...['apps', 'packages'].flatMap((dir) =>
    fs.existsSync(at(dir)) ? fs.readdirSync(at(dir)).map((name) => at(dir, name, 'package.json')) : [],
  ),
  at('e2e', 'package.json'),
];

/** Installs dependencies when node_modules is missing or the manifests changed since the last install. */
export function ensureInstall() {
  // The `engines` range of package.json (Vite and the server need require() of ES modules).
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19) || major === 21 || (major === 22 && minor < 12)) {
    console.error(`Node ${process.versions.node} is not supported: this project needs Node 20.19+, 22.12+, 24 or 26.`);
    process.exit(1);
  }
  // Nothing installed depends on the Node version: the native addons (argon2, rolldown, lightningcss,
  // Tailwind's oxide) use Node-API, which every Node line loads, and npm picks their packages by
  // platform and CPU only. So switching Node lines needs no reinstall, and the stamp ignores it.
  const stampFile = at('node_modules', '.install-stamp');
  const wanted = hashFiles(manifests());
  if (fs.existsSync(at('node_modules')) && readStamp(stampFile) === wanted) return false;
  console.log('Installing dependencies (npm ci)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  writeStamp(stampFile, wanted);
  return true;
}
