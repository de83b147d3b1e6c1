import type { Plugin } from 'vite';

/**
 * antd-mobile's default imperative renderer (`es/utils/render.js`) re-exports rc-util's React 16–18
 * `ReactDOM.render` shim, which brings Babel's regenerator runtime with it: about 3 KB of gzip in
 * the boot chunk that every first screen downloads. Under React 19 the app always replaces that
 * renderer with its own (`installAntdRender` in src/app/antd-render.ts, called before anything
 * renders), so the default is never called. This swaps the module for a stand-in that says so if
 * it ever were.
 */
const STAND_IN = '\0qgw-antd-legacy-render';

export function antdLegacyRenderStandIn(): Plugin {
  return {
    name: 'qgw-antd-legacy-render',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './render' && importer && /antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/.test(importer)) return STAND_IN;
      return null;
    },
    load(id) {
      if (id !== STAND_IN) return null;
      return [
        "const missing = () => { throw new Error('antd-mobile rendered before installAntdRender() replaced its React 18 renderer'); };",
        'export const render = missing;',
        'export const unmount = missing;',
      ].join('\n');
    },
  };
}
