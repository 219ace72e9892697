// Vite build of the client (the app from index.html, the landing page "/" prerendered from landing.html, and /login and
// /register prerendered into copies of index.html); in dev it
// proxies /api to the game server started by scripts/dev.mjs.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mapAtlas } from './scripts/vite-map-atlas.ts';
import { villageAtlas } from './scripts/vite-village-atlas.ts';
import { LANDING_SHELL, landingPage } from './scripts/vite-landing.ts';
import { pageChunks } from './scripts/vite-page-chunks.ts';
import { inlineCssPreloads } from './scripts/vite-inline-css-preloads.ts';
import { signInPages } from './scripts/vite-sign-in-pages.ts';

const apiPort = process.env.API_PORT ?? '3001';

// Every page that reads server data stands in the data layer, and every game page in the game frame: each comes as one
// chunk with all it imports (scripts/vite-page-chunks.ts), not a few dozen small ones. The pages outside the game (sign-in,
// the dashboard, the error pages) keep what they share with the frame out of it, so they never load the frame; what they
// share (the header, the language picker, the translation hooks, buttons) is one chunk of its own, the site's.
const OUTSIDE_THE_GAME = /[\\/]features[\\/](auth|dashboard|forbidden|not-found)[\\/]/;
const GROUPED_PAGES = [
  { name: 'data-layer', page: 'src/client/app/DataLayer.tsx' },
  { name: 'site', page: 'src/client/app/GameFrame.tsx', sharedWith: OUTSIDE_THE_GAME },
  { name: 'game-frame', page: 'src/client/app/GameFrame.tsx', notFor: OUTSIDE_THE_GAME },
];
const apiOrigin = `http://127.0.0.1:${apiPort}`;

export default defineConfig(({ mode }) => ({
  plugins: [react(), mapAtlas(), villageAtlas(), landingPage({ apiOrigin }), signInPages(), pageChunks(GROUPED_PAGES), inlineCssPreloads('index')],
  // `vite build --mode test` (the browser tests) is the production build plus the map's debug counters; it goes to its
  // own folder so `npm start`, which serves dist/, never picks it up.
  // Source maps only in the test build: the game a player downloads does not ship its sources.
  build: {
    outDir: mode === 'test' ? 'dist-test' : 'dist',
    sourcemap: mode === 'test',
    chunkSizeWarningLimit: 1200,
    // Browsers without modulepreload (before Safari 17, Firefox 115) still load every module, only later. The polyfill
    // would be a chunk shared by both pages, one more request for each.
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { index: resolve(import.meta.dirname, 'index.html'), landing: resolve(import.meta.dirname, LANDING_SHELL) } },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: apiOrigin, changeOrigin: false } },
  },
}));
