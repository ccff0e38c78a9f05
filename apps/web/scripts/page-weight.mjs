// What a page of the built web app downloads, computed from the build output alone (no browser,
// no timing), so `npm test` can hold the sign-in page to its budget deterministically and
// `npm run bench` can print the same figure next to what Chromium really fetched.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Budgets for what /login loads, in KiB of gzip. JavaScript: the foundation's target (/login JS
 * < 150 KB gzip). The stylesheet is one file for the whole app (Tailwind); it has its own budget
 * so that it cannot grow unnoticed either, without eating into the JavaScript's. Each feature adds a
 * few hundred bytes of utilities to it (team talk: 0.3 KiB, to 12.1 KiB; profiles and the recruiting
 * card: 1 KiB, to 13.1 KiB); the budget is raised only with such a reason, in steps that leave it
 * tight. The next step is a stylesheet per route rather than a bigger budget.
 */
export const LOGIN_JS_BUDGET_KIB = 150;
export const LOGIN_CSS_BUDGET_KIB = 14;

/** The sign-in route's module, as the router lazily imports it (a key of the Vite manifest). */
export const LOGIN_ROUTE_MODULE = 'src/features/auth/routes/login-page.tsx';

// Level 9, as build.mjs precompresses what the server sends: the sizes are the bytes on the wire.
const gzipSize = (data) => zlib.gzipSync(data, { level: 9 }).length;

/** Classic scripts and stylesheets index.html names itself (theme-init.js is not in the manifest). */
function extraHtmlFiles(html) {
  const files = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\bsrc="\/([^"]+)"/.exec(tag)?.[1];
    if (src && !/type="module"/.test(tag)) files.push(src);
  }
  return files;
}

/**
 * Every file a first visit to a route downloads: index.html's classic scripts, the entry chunk and
 * its static imports with their CSS, then the route's lazy module(s) and their static imports,
 * transitively. Dynamic imports below that (a menu opened on click, the 2FA step) are not counted:
 * the page does not fetch them until the user gets there.
 *
 * @param {string} dist the web app's build output (apps/web/dist)
 * @param {string[]} routeModules manifest keys of the route's lazily loaded modules
 */
export function pageWeight(dist, routeModules) {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the web app first (npm test and npm run build do).`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry chunk.');

  const files = new Set(extraHtmlFiles(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')));
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest (was the module renamed?)`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const key of routeModules) {
    if (!manifest[entryKey].dynamicImports?.includes(key)) {
      throw new Error(`${key} is not lazily imported by the entry: the router no longer splits it out.`);
    }
    visit(key);
  }

  const sized = [...files].map((file) => {
    const data = fs.readFileSync(path.join(dist, file));
    return { file, raw: data.length, gzip: gzipSize(data) };
  });
  sized.sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  const sum = (kind) => sized.filter((f) => kind.test(f.file)).reduce((total, f) => total + f.gzip, 0);
  return {
    files: sized,
    gzip: sized.reduce((total, f) => total + f.gzip, 0),
    jsGzip: sum(/\.m?js$/),
    cssGzip: sum(/\.css$/),
  };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
