import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

/** The contract, as every program imports it (tsconfig's paths). */
const sharedAlias = { '@shared': resolve(__dirname, 'src-shared') };
/** The renderer's import aliases (as tsconfig.web.json's paths): the contract, and its own folders. */
export const rendererAliases = {
  ...sharedAlias,
  '@renderer': resolve(__dirname, 'src-renderer'),
};

// Our folders are not electron-vite's defaults (src/main, src/renderer): name the entries.
export default defineConfig({
  main: {
    resolve: { alias: sharedAlias },
    build: {
      // The main process, and the backend's own process it starts (utilityProcess).
      lib: {
        entry: {
          main: resolve(__dirname, 'src-main/electron/main.ts'),
          backend: resolve(__dirname, 'src-main/launch/backendEntry.ts'),
        },
      },
      rollupOptions: { external: ['better-sqlite3-multiple-ciphers'] },
    },
  },
  preload: {
    resolve: { alias: sharedAlias },
    build: { lib: { entry: resolve(__dirname, 'src-main/electron/preload.ts') } },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: {
      alias: {
        ...rendererAliases,
        // Messages come compiled (npm run i18n): the page needs no ICU parser.
        '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    },
    // The app speaks English: react-aria's strings for its thirty other languages stay out.
    plugins: [react(), optimizeLocales.vite({ locales: ['en-US', 'de-DE', 'fr-FR'] })],
    build: {
      // A page's code is parsed on every start: shipped minified (its size is held by a test).
      minify: true,
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
});
