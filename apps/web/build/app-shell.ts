import { fileURLToPath } from 'node:url';
import { createServer, type IndexHtmlTransformContext, type Plugin } from 'vite';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rollup';
import { ENTRY_ROUTES } from './size-budget.js';
import type { Shell } from '../src/shell/render-shells.js';
import { injectShells } from './shell-html.js';

/**
 * Paints the first screens from HTML (decision record 0011). The app's JavaScript takes ~2 s on a
 * mid-range phone before it draws anything; the build therefore renders the programme home and the
 * login screen to static markup (src/shell/render-shells.tsx) and writes it into index.html, hidden,
 * with the CSS those screens need inline. The entry (src/main.tsx, a few hundred bytes) shows the one
 * that matches the URL's hash route, lets the browser paint it and only then runs the app, which
 * replaces it with the live screen (src/app/boot.tsx). Without JavaScript, CSS alone shows the shell
 * whose route is the URL's fragment (`:target`, applied once the page has loaded).
 */

type Chunk = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** CSS files a chunk needs, in the order Vite's preloading adds them: imported chunks' first, then its own. */
export function cssOf(start: string, bundle: OutputBundle, seen = new Set<string>(), out: string[] = []): string[] {
  if (seen.has(start)) return out;
  seen.add(start);
  const chunk = bundle[start] as Chunk | undefined;
  if (!chunk || chunk.type !== 'chunk') return out;
  for (const dep of chunk.imports) cssOf(dep, bundle, seen, out);
  for (const css of chunk.viteMetadata?.importedCss ?? []) if (!out.includes(css)) out.push(css);
  return out;
}

const assetText = (bundle: OutputBundle, file: string): string => {
  const asset = bundle[file] as OutputAsset | undefined;
  if (!asset || asset.type !== 'asset') throw new Error(`app shell: ${file} is not in the bundle`);
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
};

/** The shells, rendered by loading src/shell/render-shells.tsx through Vite's server-side module loader. */
async function renderShellsWithVite(root: string): Promise<Shell[]> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { dedupe: ['react', 'react-dom'] },
    // styles are taken from the client build; here they only need to load without effect
    css: { postcss: { plugins: [] } },
    // antd-mobile's ES modules import their CSS, which Node cannot load: Vite transforms them
    ssr: { noExternal: ['antd-mobile'] },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule('/src/shell/render-shells.tsx')) as typeof import('../src/shell/render-shells.js');
    return mod.renderShells();
  } finally {
    await server.close();
  }
}

const chunkOf = (bundle: OutputBundle, moduleSuffix: string): OutputChunk => {
  const found = Object.values(bundle).find(
    (c): c is OutputChunk => c.type === 'chunk' && !c.isEntry && (c.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix) ?? false),
  );
  if (!found) throw new Error(`app shell: no chunk for ${moduleSuffix}`);
  return found;
};

/** The Vite plugin: at the end of a build, writes the shells and their CSS into index.html. */
export function appShell(): Plugin {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return {
    name: 'qgw-app-shell',
    apply: 'build',
    transformIndexHtml: {
      // after Vite has added the entry's script and stylesheet tags, with the bundle in hand
      order: 'post',
      async handler(html: string, ctx: IndexHtmlTransformContext) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) throw new Error('app shell: no bundle to read the styles from');
        // the app: what the entry imports once the shell is painted (src/main.tsx)
        const app = entry.dynamicImports;
        if (app.length === 0) throw new Error('app shell: the entry imports no app');
        const appFiles = cssOf(entry.fileName, bundle);
        for (const file of app) cssOf(file, bundle, new Set(), appFiles);
        const screenFiles: string[] = [];
        for (const suffix of Object.values(ENTRY_ROUTES)) {
          for (const css of cssOf(chunkOf(bundle, suffix).fileName, bundle)) {
            if (!appFiles.includes(css) && !screenFiles.includes(css)) screenFiles.push(css);
          }
        }
        const text = (file: string) => ({ file, text: assetText(bundle, file) });
        return injectShells(html, {
          shells: await renderShellsWithVite(root),
          appCss: appFiles.map(text),
          screenCss: screenFiles.map(text),
        });
      },
    },
  };
}
