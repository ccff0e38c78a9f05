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
      // Projects run one group after another: fast unit suites first, the browser last.
      sequence: { groupOrder: 1 },
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
