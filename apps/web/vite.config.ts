import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugin-precompress.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const MANTINE_AND_ITS_DEPENDENCIES =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es)[\\/]/;

export default defineConfig({
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // MapLibre's own bundle (about 1.1 MB, 300 KB gzipped) is one chunk, loaded only by the screens with a map:
    // the warning is kept for anything else that grows past it.
    chunkSizeWarningLimit: 1_150,
    rolldownOptions: {
      output: {
        // Mantine ships a module per component, and every screen is a lazy chunk: split by who shares what,
        // the map home loaded 116 files (93 before MapLibre), most of them a component of 1–3 KB. Mantine
        // and the few packages under it are one chunk instead, downloaded once for every screen: 58 files,
        // no more bytes (414 KB gzipped before the map against 418).
        codeSplitting: {
          groups: [{ name: 'ui', test: MANTINE_AND_ITS_DEPENDENCIES }],
        },
      },
    },
  },
});
