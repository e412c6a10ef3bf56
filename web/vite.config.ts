import { defineConfig } from 'vite';
import { entityFields } from './entity-fields-plugin';

// The web app: one bundle of React and the pages, no inline scripts (the pages' Content-Security-Policy
// allows scripts from the app's own origin only). Built into web/dist, which neohub serves at `/`.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  esbuild: { jsx: 'automatic' },
  plugins: [entityFields()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // The lineage chunk (React Flow and ELK, about 500 kB gzip) loads only with a lineage page.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      // React Flow marks its module "use client" (for React server components): nothing to do here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  logLevel: 'warn',
});
