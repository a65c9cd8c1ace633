import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { faceDetectorAssets } from './build/face-detector-assets.ts';

const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), faceDetectorAssets()],
  resolve: {
    // Resolve @parley/contracts to its TypeScript source (its "source" export condition).
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The face detector's chunk (Human with tfjs inside, 1.56 MB, fetched only by the
    // participant camera step) is the one chunk past Vite's 500 kB default; the limit sits just
    // above it so any other chunk that grows this large still warns.
    chunkSizeWarningLimit: 1600,
  },
});
