import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface BinaryLocation {
  path: string;
  source: 'env' | 'path' | 'package';
}

type Env = Record<string, string | undefined>;

interface BinarySpec {
  name: 'ffmpeg' | 'ffprobe';
  envVar: 'FFMPEG_PATH' | 'FFPROBE_PATH';
  installerPackage: string;
}

const FFMPEG: BinarySpec = { name: 'ffmpeg', envVar: 'FFMPEG_PATH', installerPackage: '@ffmpeg-installer/ffmpeg' };
const FFPROBE: BinarySpec = { name: 'ffprobe', envVar: 'FFPROBE_PATH', installerPackage: '@ffprobe-installer/ffprobe' };

const cache = new Map<string, BinaryLocation>();
const require = createRequire(import.meta.url);

export function findFfmpeg(env: Env = process.env): BinaryLocation {
  return find(FFMPEG, env);
}

export function findFfprobe(env: Env = process.env): BinaryLocation {
  return find(FFPROBE, env);
}

/** For tests that change the filesystem between lookups. */
export function clearBinaryCache(): void {
  cache.clear();
}

function find(spec: BinarySpec, env: Env): BinaryLocation {
  const override = env[spec.envVar];
  const key = [spec.name, override ?? '', env.PATH ?? '', env.PATHEXT ?? ''].join('\0');
  const cached = cache.get(key);
  if (cached) return cached;
  const found = locate(spec, env, override);
  cache.set(key, found);
  return found;
}

function locate(spec: BinarySpec, env: Env, override: string | undefined): BinaryLocation {
  // An explicit setting that is wrong must fail loudly: silently falling back would run a
  // different ffmpeg than the operator asked for.
  if (override !== undefined && override !== '') {
    if (!isExecutableFile(override)) {
      throw new Error(`${spec.envVar} is set to "${override}", but that is not an executable file.`);
    }
    return { path: override, source: 'env' };
  }

  const onPath = searchPath(spec.name, env);
  if (onPath) return { path: onPath, source: 'path' };

  const fromPackage = fromInstallerPackage(spec);
  if (fromPackage) return { path: fromPackage, source: 'package' };

  throw new Error(
    `Could not find ${spec.name}: set ${spec.envVar}, put ${spec.name} on PATH, or install ${spec.installerPackage}.`,
  );
}

function searchPath(name: string, env: Env): string | null {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE').split(';').filter(Boolean) : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}

function fromInstallerPackage(spec: BinarySpec): string | null {
  try {
    // These packages throw (sometimes a bare string) on unsupported platforms; treat as absent.
    const mod = require(spec.installerPackage) as { path?: unknown };
    return typeof mod.path === 'string' && isExecutableFile(mod.path) ? mod.path : null;
  } catch {
    return null;
  }
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
