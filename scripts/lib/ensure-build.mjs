import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { hashFiles, readStamp, writeStamp } from './hash-files.mjs';
import { at } from './paths.mjs';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

const webInputs = () => [at('apps/web'), at('packages/contracts/src'), at('package-lock.json')];
const serverInputs = () => [at('apps/server/src'), at('apps/server/package.json'), at('packages/contracts/src'), at('packages/media/src'), at('package-lock.json')];

async function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(file)) continue;
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(`${file}.gz`, await gzip(data, { level: 9 }));
    fs.writeFileSync(`${file}.br`, await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

export async function buildWeb({ force = false } = {}) {
  const dist = at('apps/web/dist');
  const stampFile = path.join(dist, '.build-stamp');
  // 'production:' so a dist/ that an older version of this script built in another mode is rebuilt.
  const wanted = `production:${hashFiles(webInputs())}`;
  if (!force && readStamp(stampFile) === wanted) return false;
  console.log('Building the web app...');
  const { build } = await import('vite');
  // Always a production build, whatever NODE_ENV the shell has: Vite builds React's development
  // bundles when NODE_ENV=development (the /login entry then weighs 196 KB gzip instead of ~140).
  // The user's NODE_ENV (or none) is restored for the server and the tests that run next.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: at('apps/web'), mode: 'production', logLevel: 'warn', configFile: at('apps/web/vite.config.ts') });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await precompress(dist);
  writeStamp(stampFile, wanted);
  return true;
}

export async function buildServer({ force = false } = {}) {
  const dist = at('apps/server/dist');
  const stampFile = path.join(dist, '.build-stamp');
  const wanted = hashFiles(serverInputs());
  if (!force && readStamp(stampFile) === wanted) return false;
  console.log('Building the server...');
  const esbuild = await import('esbuild');
  fs.rmSync(dist, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: {
      main: at('apps/server/src/main.ts'),
      worker: at('apps/server/src/worker.ts'),
      'users-import': at('apps/server/src/cli/users-import.ts'),
    },
    outdir: dist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Our workspaces are TypeScript sources and get bundled; npm packages load from node_modules.
    plugins: [
      {
        name: 'externalize-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  fs.cpSync(at('apps/server/src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
  writeStamp(stampFile, wanted);
  return true;
}

export async function ensureBuilt(options) {
  await buildWeb(options);
  await buildServer(options);
}
