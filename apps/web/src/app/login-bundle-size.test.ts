import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import {
  kib,
  LOGIN_CSS_BUDGET_KIB,
  LOGIN_JS_BUDGET_KIB,
  LOGIN_ROUTE_MODULE,
  pageWeight,
} from '../../scripts/page-weight.mjs';

// npm test builds the web app before it runs the tests (scripts/lib/ensure-build.mjs), so the
// production output is here and current; the check reads files only, no browser and no timing.
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

describe('the sign-in page weight', () => {
  const weight = pageWeight(dist, [LOGIN_ROUTE_MODULE]);
  const summary = () => {
    const biggest = weight.files
      .slice(0, 8)
      .map((f) => `  ${kib(f.gzip).padStart(10)}  ${f.file}`)
      .join('\n');
    return (
      `/login loads ${weight.files.length} files, ${kib(weight.gzip)} gzip: JavaScript ${kib(weight.jsGzip)} ` +
      `(budget ${LOGIN_JS_BUDGET_KIB} KiB), CSS ${kib(weight.cssGzip)} (budget ${LOGIN_CSS_BUDGET_KIB} KiB). Biggest:\n${biggest}\n`
    );
  };

  it(`loads at most ${LOGIN_JS_BUDGET_KIB} KiB of JavaScript (gzip)`, () => {
    expect(weight.jsGzip, summary()).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KIB * 1024);
  });

  it(`loads at most ${LOGIN_CSS_BUDGET_KIB} KiB of CSS (gzip)`, () => {
    expect(weight.cssGzip, summary()).toBeLessThanOrEqual(LOGIN_CSS_BUDGET_KIB * 1024);
  });

  it('does not load the player, uploads, billing, the query cache or the menus', () => {
    const names = weight.files.map((f) => f.file);
    // Chunks are named after the module that starts them; these are the heavy ones of other pages.
    for (const heavy of ['video-route', 'frame-drawings', 'upload-page', 'browser', 'theme-menu', 'subscribe-options', 'main-providers', 'useBaseQuery']) {
      expect(names.filter((name) => name.startsWith(`assets/${heavy}-`))).toEqual([]);
    }
  });
});
