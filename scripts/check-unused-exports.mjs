// `npm run lint` and `npm test`: fails on an export that nothing uses (scripts/lib/unused-exports.mjs).
import { findUnusedExports } from './lib/unused-exports.mjs';
import { root } from './lib/paths.mjs';

const unused = findUnusedExports(root, ['packages/contracts', 'packages/media', 'apps/server', 'apps/web', 'e2e']);
for (const { file, name } of unused) console.error(`${file}: '${name}' is exported but nothing uses it: remove it.`);
process.exit(unused.length > 0 ? 1 : 0);
