import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { antdLegacyRenderStandIn } from './build/antd-legacy-render.js';
import { appShell } from './build/app-shell.js';
import { lengthPlugins } from './build/lengths.js';
import { precompress } from './build/precompress.js';
import { schemasInOwnTasks } from './build/schemas-in-own-tasks.js';
import { sizeBudget } from './build/size-budget.js';

export default defineConfig({
  // the React plugin is typed against the workspace's newer Vite (the test runner's); the hooks it uses are the same
  plugins: [
    react() as unknown as PluginOption,
    // antd-mobile's React 18 renderer is never called under React 19 (build/antd-legacy-render.ts)
    antdLegacyRenderStandIn() as unknown as PluginOption,
    // the contract's zod schemas are made each in a task of its own (build/schemas-in-own-tasks.ts)
    schemasInOwnTasks() as unknown as PluginOption,
    // fails the build when the first screens' JavaScript outgrows its budget (build/size-budget.ts)
    sizeBudget({
      report: (weights) => {
        for (const w of weights) console.warn(`entry route ${w.route}: ${(w.gzipBytes / 1024).toFixed(1)} KB gzip of JavaScript`);
      },
    }) as unknown as PluginOption,
    // the first screens prerendered into index.html, painted before the JavaScript runs (build/app-shell.ts)
    appShell() as unknown as PluginOption,
    // a Brotli and a gzip copy of each text file, sent as they are by the server (build/precompress.ts)
    precompress() as unknown as PluginOption,
  ],
  resolve: {
    // one React for the app and every library (some libraries' peer ranges stop at 18)
    dedupe: ['react', 'react-dom'],
  },
  // px→vw for the 750-wide design, capped at the applicant column's width (build/lengths.ts)
  css: { postcss: { plugins: lengthPlugins } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which file holds which module, for measuring the first screens after a build (bench/web.ts)
    manifest: true,
    // no <link rel=modulepreload> per file before a screen loads: inserting ~55 of them was one long
    // task on a slow phone, and a screen's chunk names all its files in its first line anyway (0037)
    modulePreload: false,
    rollupOptions: {
      output: {
        // zod compiles object parsers with new Function() when it may; its probe for that is an eval,
        // which the Content-Security-Policy (script-src 'self') refuses and the browser reports as a
        // violation on every screen that loads zod. Eval never works here, so zod is told up front (its
        // global configuration, read as the chunk starts) to parse without it: nothing on the entry path.
        banner: (chunk) => (chunk.name === 'vendor-zod' ? 'globalThis.__zod_globalConfig={jitless:true};' : ''),
        // libraries change less often than screens: separate chunks stay cached across releases
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//.test(id)) return 'vendor-react';
          // zod validates what is sent: screens load it when they first call the API, not before they draw
          if (/node_modules\/zod\//.test(id)) return 'vendor-zod';
          if (/node_modules\/(@tanstack|zustand)\//.test(id)) return 'vendor-data';
          // antd-mobile stays with the screens that use it, so that only their components' styles load
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/v1': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' } },
  preview: { proxy: { '/v1': 'http://127.0.0.1:3000' } },
});
