// Server modules talk back through events or a small interface, never through a cycle of imports: a cycle
// means neither module can be built, read or tested without the other.
import { describe, expect, it } from 'vitest';
import { findCycles, moduleGraph } from '../lib/module-graph.mjs';
import { at } from '../lib/paths.mjs';

// Cycles that exist today and that other slices of this reorganisation remove; emptied when they land.
// Nothing may be added here: break a new cycle with a domain event, a port handed in, or by moving the
// shared helper down (db/, storage/) or to the module that owns its noun.
const ALLOWED = [
  // activity -> teams (active team, channel query); teams -> activity (member-joined records activity): the talk slice.
  'activity -> teams -> activity',
  // images -> users (image owner); users -> images (ready images of a profile): the plug-a slice.
  'images -> users -> images',
];

const describeCycle = (graph, cycle) =>
  cycle
    .slice(1)
    .map((to, i) => `  ${cycle[i]} -> ${to}: ${graph.get(cycle[i]).get(to).join(', ')}`)
    .join('\n');

describe('server module graph', () => {
  const graph = moduleGraph(at('apps/server/src/modules'));
  const cycles = findCycles(graph).map((cycle) => ({ name: cycle.join(' -> '), cycle }));

  it('has no import cycle between modules', () => {
    const found = cycles.filter(({ name }) => !ALLOWED.includes(name)).map(({ name, cycle }) => `${name}\n${describeCycle(graph, cycle)}`);
    expect(found, `import cycles between server modules:\n${found.join('\n')}`).toEqual([]);
  });

  it('allows only cycles that still exist', () => {
    const names = cycles.map(({ name }) => name);
    expect(ALLOWED.filter((name) => !names.includes(name)), 'gone: remove them from ALLOWED').toEqual([]);
  });

  it('finds a cycle made of a type-only import, an import and an import(), once, from its first module', () => {
    const fixture = moduleGraph(at('scripts/test/lint-fixtures/module-graph'));
    expect(findCycles(fixture)).toEqual([['a', 'b', 'c', 'a']]);
    expect(fixture.get('a')).toEqual(new Map([['b', ["a/a.service.ts '../b/b.service'"]]]));
  });
});
