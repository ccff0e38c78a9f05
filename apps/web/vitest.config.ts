import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Standalone rather than merged with vite.config.ts: Vitest 4 runs on its own Vite (8), where the
// React and Tailwind build plugins only add deprecation noise; its built-in transform handles TSX.
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    // Projects run one group after another: the unit suites (this, media, lint) together first, the browser last.
    sequence: { groupOrder: 0 },
    environment: 'jsdom',
    // A render test takes under 2 s on a free core; sharing 2 cores with the server tests and the browser
    // journeys (and a loaded machine) stretches that past Vitest's default 5 s without anything being wrong.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
