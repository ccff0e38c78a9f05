// Which server module imports which: read from the TypeScript sources (every import, export-from and
// import(), type-only ones too, since a type import still ties one module's code to another's).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const sources = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/**
 * The module graph under `modulesDir` (a folder whose subfolders are modules): `from -> to` with the
 * imports that make each edge (`file 'specifier'`, the file relative to `modulesDir`).
 */
export function moduleGraph(modulesDir) {
  const edges = new Map();
  for (const file of sources(modulesDir)) {
    const from = path.relative(modulesDir, file).split(path.sep)[0];
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const to = target.split(path.sep)[0];
      if (to === from) continue;
      const targets = edges.get(from) ?? edges.set(from, new Map()).get(from);
      const via = targets.get(to) ?? targets.set(to, []).get(to);
      via.push(`${path.relative(modulesDir, file).split(path.sep).join('/')} '${specifier}'`);
    }
  }
  return edges;
}

/**
 * Every elementary cycle of the graph, each as its modules in order, starting from its alphabetically
 * first module and ending where it starts (`['activity', 'teams', 'activity']`), sorted.
 */
export function findCycles(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets.keys()])])].sort();
  const cycles = [];
  // From each start, walk only through modules after it: each cycle is found once, from its first module.
  for (const start of nodes) {
    const walk = (node, trail) => {
      for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
        if (next === start) cycles.push([...trail, start]);
        else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}
