import type { PluginCreator } from 'postcss';

/**
 * Caps the applicant screens' viewport lengths at a column's width (decision record 0022).
 *
 * Our own px are turned into vw at build time (vite.config.ts, the 750-wide design), so on a desktop
 * the screens grow with the window without bound. This step runs after that conversion and turns each
 * `Nvw` into `min(Nvw, N% of the column)` (`max(…)` for a negative length): up to the column's width
 * nothing changes, wider windows get the column's rendition exactly. global.css centres the screens
 * in that column and keeps fixed bars and sheets inside it.
 *
 * Hand-written because the maintained plugin that caps vw (postcss-mobile-forever's `maxDisplayWidth`)
 * replaces the px→vw conversion itself and rewrites every `position: fixed` rule around one app
 * selector; here the conversion stays as it was (phones get the same CSS values) and the console,
 * which shares the document and is laid out in rem for desktops, must stay out of the column.
 * postcss-px-to-viewport's `landscape` option only adds an orientation media query, not a cap.
 */
export interface ColumnCapOptions {
  /** the column's width in CSS px (the widest window the screens grow to) */
  columnWidth: number;
  /** files left as they are: third-party styles and screens laid out for desktops */
  exclude: RegExp[];
  /** decimals kept in the px cap (the px→vw conversion's precision) */
  precision?: number;
}

/** a number directly followed by `vw`, not part of a longer word or number */
const VW_LENGTH = /(^|[^\w.-])(-?(?:\d+\.?\d*|\.\d+))vw\b/g;

export function capViewportLengths(value: string, columnWidth: number, precision = 5): string {
  if (!value.includes('vw')) return value;
  const factor = 10 ** precision;
  return value.replace(VW_LENGTH, (_match, before: string, number: string) => {
    const n = Number(number);
    if (n === 0) return `${before}${number}vw`;
    const px = Math.round((n * columnWidth * factor) / 100) / factor;
    return `${before}${n > 0 ? 'min' : 'max'}(${number}vw, ${px}px)`;
  });
}

export const columnCap: PluginCreator<ColumnCapOptions> = (options) => {
  if (!options) throw new Error('column cap: options are required');
  const { columnWidth, exclude, precision = 5 } = options;
  return {
    postcssPlugin: 'qgw-column-cap',
    // after every plugin's `Once`, where px became vw; a declaration listener would see its own
    // output again (PostCSS revisits changed nodes) and wrap it twice
    OnceExit(root) {
      const file = (root.source?.input.file ?? '').replaceAll('\\', '/');
      if (exclude.some((pattern) => pattern.test(file))) return;
      root.walkDecls((decl) => {
        const capped = capViewportLengths(decl.value, columnWidth, precision);
        if (capped !== decl.value) decl.value = capped;
      });
    },
  };
};
columnCap.postcss = true;
