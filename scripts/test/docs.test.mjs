// The pages of docs/ and the README stay true to the code: the architecture names every server module and
// every job, and every link between the pages leads somewhere.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** A page's lines outside fenced code blocks, with their line numbers. */
function proseLines(text) {
  let fenced = false;
  return text.split('\n').flatMap((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line, number: i + 1 }];
  });
}

/** The anchors GitHub makes for a page's headings (the text as shown: no backticks, a link's text only). */
function anchorsOf(file) {
  const slugger = new GithubSlugger();
  return new Set(
    proseLines(read(file)).flatMap(({ line }) => {
      const heading = /^#{1,6}\s+(.*?)\s*#*$/.exec(line);
      return heading ? [slugger.slug(heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, ''))] : [];
    }),
  );
}

/** The bullets of the section under `heading` whose first word is a name in backticks. */
function namedInSection(file, heading) {
  const text = read(file);
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `${file} has a section "${heading}"`).toBeGreaterThan(-1);
  const body = text.slice(start + heading.length + 2);
  const end = body.search(/\n#{1,3} /);
  return [...(end === -1 ? body : body.slice(0, end)).matchAll(/^- `([a-z][a-z-]*)`/gm)].map(([, name]) => name).sort();
}

describe('docs/architecture.md', () => {
  it('lists every server module, and only those', () => {
    const modules = readdirSync(path.join(root, 'apps/server/src/modules')).filter((name) => statSync(path.join(root, 'apps/server/src/modules', name)).isDirectory());
    expect(modules.length).toBeGreaterThan(10);
    expect(namedInSection('docs/architecture.md', '## Server modules')).toEqual(modules.sort());
  });

  it('lists every job of the job registry, and only those', () => {
    const registry = read('apps/server/src/job-registry.ts');
    const object = /export const jobRegistry = \{([^}]*)\}/.exec(registry);
    expect(object, 'job-registry.ts exports `jobRegistry = { ... }`').not.toBeNull();
    const jobs = [...object[1].matchAll(/^\s*'([a-z-]+)':/gm)].map(([, name]) => name);
    expect(jobs.length).toBeGreaterThan(10);
    expect(namedInSection('docs/architecture.md', '### Job types')).toEqual(jobs.sort());
  });
});

describe('links in README.md and docs/', () => {
  it('lead to files that exist and to headings they have', () => {
    const broken = [];
    let checked = 0;
    for (const page of pages) {
      for (const { line, number } of proseLines(read(page))) {
        // Links in inline code are examples, not links.
        for (const [, target] of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
          if (/^[a-z]+:/i.test(target)) continue;
          checked++;
          const [file, anchor] = target.split('#');
          const linked = file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file)) : page;
          if (!existsSync(path.join(root, linked))) broken.push(`${page}:${number}: ${target} (no such file)`);
          else if (anchor !== undefined && (!linked.endsWith('.md') || !anchorsOf(linked).has(anchor))) broken.push(`${page}:${number}: ${target} (no such heading)`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
