// Vite build of the client; in dev it proxies /api to the game server started by scripts/dev.mjs.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mapAtlas } from './scripts/vite-map-atlas.ts';
import { villageAtlas } from './scripts/vite-village-atlas.ts';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ mode }) => ({
  plugins: [react(), mapAtlas(), villageAtlas()],
  // `vite build --mode test` (the browser tests) is the production build plus the map's debug counters; it goes to its
  // own folder so `npm start`, which serves dist/, never picks it up.
  // Source maps only in the test build: the game a player downloads does not ship its sources.
  build: { outDir: mode === 'test' ? 'dist-test' : 'dist', sourcemap: mode === 'test', chunkSizeWarningLimit: 1200 },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
}));
