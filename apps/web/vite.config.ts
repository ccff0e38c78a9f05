import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// In production the server serves dist/ and these prefixes on the same origin; in `vite dev` and
// `vite preview` we proxy them so the SPA keeps using relative URLs (and same-origin cookies).
// API_PROXY_TARGET lets a developer point at a server on another port.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
// Anchored patterns: a bare '/dev' key would also swallow unrelated paths such as '/devices'.
const proxiedPrefixes = ['api', 'v0', 'storage', 'dev'];
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  proxiedPrefixes.map((prefix) => [`^/${prefix}(/|$)`, { target: apiTarget }]),
);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // The server serves apps/web/dist with history fallback; hashed files live under dist/assets.
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and CSS each route module loads, read by the /login
    // size check (src/app/login-bundle-size.test.ts) and the bench. The server never serves it
    // (@fastify/static's file list skips dot folders), and nothing at run time needs it.
    manifest: true,
  },
  server: { proxy },
  preview: { proxy },
});
