// A reader of the repository has neither the product spec, the issues nor the team's private notes: comments
// and test names state their rule, or point at a heading of docs/ (`docs/product.md#clips`) that exists.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const self = path.relative(root, fileURLToPath(import.meta.url));

/** Citations of documents outside the repository, anywhere on a line (comments, test names, strings). */
const citations = [
  /\bspec sections?\b/i,
  /\bspec [0-9]/i,
  /\bspec['’]s\b/i,
  /\bthe spec\b/i,
  /\bspec\s*"/i,
  /\bissue [0-9]/i,
  /\(issue\b/i,
  /\bthe (?:live )?issue\b/i,
  /\bissue['’]s\b/i,
  /media-notes/,
  /ARCHITECTURE\.md/,
  /\.\.\/shared\//,
];
/** Only in a comment: the word alone (code may name a variable `spec`). */
const commentOnly = [/\bspec\b/i];

const sourceFile = /\.(?:[cm]?[jt]sx?|sql)$/;

function trackedSources() {
  const out = execFileSync('git', ['ls-files', '-z', 'apps', 'packages', 'e2e', 'scripts', 'eslint.config.js'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((f) => sourceFile.test(f) && f !== self && !f.includes('/lint-fixtures/'));
}

/** The comment part of a line: a whole comment line, or what follows `//` (not a URL's `://`). */
function commentOf(line) {
  if (/^\s*(?:\*|\/\*|\{\/\*|--)/.test(line)) return line;
  const at = line.search(/(?<!:)\/\/\s/);
  return at === -1 ? '' : line.slice(at);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
const slug = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-');

function docAnchors() {
  const anchors = new Set();
  for (const doc of ['product.md', 'architecture.md', 'api.md']) {
    for (const line of readFileSync(path.join(root, 'docs', doc), 'utf8').split('\n')) {
      const heading = /^#{1,6}\s+(.*)$/.exec(line);
      if (heading) anchors.add(`docs/${doc}#${slug(heading[1])}`);
    }
  }
  return anchors;
}

describe('comments, test names and docs', () => {
  const files = trackedSources().map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n') }));

  it('cite neither the spec, an issue nor notes outside the repository', () => {
    const found = [];
    for (const { file, lines } of files) {
      lines.forEach((line, i) => {
        if (citations.some((re) => re.test(line)) || commentOnly.some((re) => re.test(commentOf(line)))) {
          found.push(`${file}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(files.length).toBeGreaterThan(100);
    expect(found, 'state the rule, or point at a heading of docs/ (e.g. docs/product.md#clips)').toEqual([]);
  });

  it('in README.md and docs/ cite neither the spec, an issue nor notes outside the repository either', () => {
    const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
    const found = [];
    for (const page of pages) {
      readFileSync(path.join(root, page), 'utf8').split('\n').forEach((line, i) => {
        if (citations.some((re) => re.test(line))) found.push(`${page}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(pages.length).toBeGreaterThan(3);
    expect(found, 'state the rule itself').toEqual([]);
  });

  it('point only at headings docs/ has', () => {
    const anchors = docAnchors();
    const broken = [];
    for (const { file, lines } of files) {
      lines.forEach((line, i) => {
        for (const [link] of line.matchAll(/docs\/(?:product|architecture|api)\.md#[\w-]+/g)) {
          if (!anchors.has(link)) broken.push(`${file}:${i + 1}: ${link}`);
        }
      });
    }
    expect(anchors.has('docs/product.md#clips')).toBe(true);
    expect(broken).toEqual([]);
  });
});
