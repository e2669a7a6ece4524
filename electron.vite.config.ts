import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

// Our folders are not electron-vite's defaults (src/main, src/renderer): name the entries.
export default defineConfig({
  main: {
    build: {
      // The main process, and the backend's own process it starts (utilityProcess).
      lib: {
        entry: {
          main: resolve(__dirname, 'src-main/electron/main.ts'),
          backend: resolve(__dirname, 'src-main/launch/backendEntry.ts'),
        },
      },
      // ky is published as ES modules only: bundled, the CommonJS main needs no require(esm).
      externalizeDeps: { exclude: ['ky'] },
      rollupOptions: { external: ['better-sqlite3-multiple-ciphers'] },
    },
  },
  preload: {
    build: { lib: { entry: resolve(__dirname, 'src-main/electron/preload.ts') } },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [react()],
    build: {
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
});
