// Server modules talk back through events or a small interface, never through a cycle of imports: a cycle
// means neither module can be built, read or tested without the other.
import { describe, expect, it } from 'vitest';
import { findCycles, moduleGraph } from '../lib/module-graph.mjs';
import { at } from '../lib/paths.mjs';

const describeCycle = (graph, cycle) =>
  cycle
    .slice(1)
    .map((to, i) => `  ${cycle[i]} -> ${to}: ${graph.get(cycle[i]).get(to).join(', ')}`)
    .join('\n');

// Break a new cycle with a domain event, a port handed in, or by moving the shared helper down (db/,
// storage/) or to the module that owns its noun.
describe('server module graph', () => {
  const graph = moduleGraph(at('apps/server/src/modules'));
  const cycles = findCycles(graph).map((cycle) => ({ name: cycle.join(' -> '), cycle }));

  it('has no import cycle between modules', () => {
    const found = cycles.map(({ name, cycle }) => `${name}\n${describeCycle(graph, cycle)}`);
    expect(found, `import cycles between server modules:\n${found.join('\n')}`).toEqual([]);
  });

  it('finds a cycle made of a type-only import, an import and an import(), once, from its first module', () => {
    const fixture = moduleGraph(at('scripts/test/lint-fixtures/module-graph'));
    expect(findCycles(fixture)).toEqual([['a', 'b', 'c', 'a']]);
    expect(fixture.get('a')).toEqual(new Map([['b', ["a/a.service.ts '../b/b.service'"]]]));
  });
});
