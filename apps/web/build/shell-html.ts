import type { Shell } from '../src/shell/render-shells.js';
import { SHELL_ATTRIBUTE, SHELL_ROUTES_ATTRIBUTE, SHELL_SHOWN_CLASS } from '../src/shell/show-shell.js';

/** How the prerendered first screens go into index.html (build/app-shell.ts renders them). */

/** Shells are hidden unless the entry shows one, or (without JavaScript) its route is the fragment. */
export const SHELL_CSS = `.qgw-shell{display:none}.${SHELL_SHOWN_CLASS},.qgw-shell:target,:target>.qgw-shell{display:block}`;

const escapeAttr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * One shell's markup: inert (it looks like the screen but does nothing until the app takes over,
 * so nothing typed into it is lost), with the routes it stands for, its route as id and each alias
 * route as the id of a wrapper (for `:target`).
 */
export function shellMarkup(shell: Shell): string {
  const attrs = [
    'class="qgw-shell"',
    `id="${escapeAttr(shell.path)}"`,
    `${SHELL_ATTRIBUTE}="${shell.name}"`,
    `${SHELL_ROUTES_ATTRIBUTE}="${escapeAttr(shell.routes.join(' '))}"`,
    'inert',
  ];
  let out = `<div ${attrs.join(' ')}>${shell.html}</div>`;
  for (const alias of shell.aliases) out = `<div id="${escapeAttr(alias)}">${out}</div>`;
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface ShellPage {
  shells: Shell[];
  /** the app's own stylesheets (entry and app chunk), in order: they move inline */
  appCss: { file: string; text: string }[];
  /** the first screens' stylesheets: copied inline; the screens still load their own */
  screenCss: { file: string; text: string }[];
}

/**
 * index.html with the shells inside the root element, the app's stylesheets inline (a `<link>` would
 * hold the first paint back by a request) followed by copies of the first screens' CSS. The app's
 * chunks are not preloaded: the entry fetches them once the shell is painted (src/main.tsx), so
 * that until then the page's HTML has the connection to itself.
 */
export function injectShells(html: string, page: ShellPage): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`app shell: index.html has no ${root}`);
  let out = html;
  const head: string[] = [];
  for (const { file } of page.appCss) {
    // each of the app's stylesheets keeps a <link>, for print only (so it neither holds the first
    // paint back nor applies twice): the chunks' style preloading looks for it before adding a
    // stylesheet, and would otherwise append it after the screens' CSS, where its rules would
    // override theirs
    const link = new RegExp(`<link rel="stylesheet"([^>]*)href="/${escapeRegExp(file)}"`);
    if (link.test(out)) out = out.replace(link, `<link rel="stylesheet" media="print"$1href="/${file}"`);
    else head.push(`<link rel="stylesheet" media="print" crossorigin href="/${file}">`);
  }
  // a module's CSS may have been emitted into more than one chunk's stylesheet: once is enough here
  const css = [...new Set([...page.appCss, ...page.screenCss].map((c) => c.text))];
  head.push(`<style>${SHELL_CSS}${css.join('')}</style>`);
  out = out.replace('</head>', `${head.map((h) => `  ${h}\n`).join('')}  </head>`);
  return out.replace(root, `<div id="root">${page.shells.map(shellMarkup).join('')}</div>`);
}
