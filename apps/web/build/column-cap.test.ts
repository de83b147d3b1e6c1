import postcss from 'postcss';
import { describe, expect, test } from 'vitest';
import { capViewportLengths, columnCap } from './column-cap.js';
import { lengthPlugins, pxToVw } from './lengths.js';

/** the build's own CSS length pipeline (vite.config.ts) over one file */
const build = async (css: string, from: string) => (await postcss(lengthPlugins).process(css, { from })).css;

const appFile = '/repo/apps/web/src/features/home/home.css';

describe('viewport lengths capped at the 480-wide column', () => {
  // the cap is the vw's own length at 480 (its rounding included), so wider windows match 480 exactly
  test('each vw becomes min(vw, its length at 480 px); a negative one max(…); zero stays', () => {
    expect(capViewportLengths('3.73333vw', 480)).toBe('min(3.73333vw, 17.91998px)');
    expect(capViewportLengths('-1.06667vw', 480)).toBe('max(-1.06667vw, -5.12002px)');
    expect(capViewportLengths('0vw', 480)).toBe('0vw');
    expect(capViewportLengths('.5vw', 480)).toBe('min(.5vw, 2.4px)');
  });

  test('every length in a value, inside calc() and shorthands too; other units and words are left alone', () => {
    expect(capViewportLengths('3.2vw 3.2vw calc(29.33333vw + env(safe-area-inset-bottom))', 480)).toBe(
      'min(3.2vw, 15.36px) min(3.2vw, 15.36px) calc(min(29.33333vw, 140.79998px) + env(safe-area-inset-bottom))',
    );
    expect(capViewportLengths('0 -0.26667vw 2.13333vw rgba(0, 0, 0, 0.1)', 480)).toBe(
      '0 max(-0.26667vw, -1.28002px) min(2.13333vw, 10.23998px) rgba(0, 0, 0, 0.1)',
    );
    expect(capViewportLengths('translate(-50%,-3vw)', 480)).toBe('translate(-50%,max(-3vw, -14.4px))');
    for (const untouched of ['12px', '50%', '100vh', 'url(a-3vw.png)', 'var(--qgw-radius)', '1rem']) {
      expect(capViewportLengths(untouched, 480)).toBe(untouched);
    }
  });

  test('after the px→vw conversion, a 750-design length renders at 480 px as its px × 0.64, never more', async () => {
    const css = await build('body { font-size: 28px; padding: 24px 32px; margin: -8px; border: 1px solid red; }', appFile);
    expect(css).toBe(
      'body { font-size: min(3.73333vw, 17.91998px); padding: min(3.2vw, 15.36px) min(4.26667vw, 20.48002px); margin: max(-1.06667vw, -5.12002px); border: 1px solid red; }',
    );
  });

  test('custom properties are capped like any length (the design tokens in global.css)', async () => {
    expect(await build(':root { --qgw-radius: 24px; }', appFile)).toBe(':root { --qgw-radius: min(3.2vw, 15.36px); }');
  });

  test('px in a media query, and the lengths inside it, stay px', async () => {
    const css = '@media (min-width: 481px) { body { max-width: 480px; --qgw-column-inset: calc(50% - 240px); } }';
    expect(await build(css, appFile)).toBe(css);
  });

  test('the console (laid out in rem for desktops) and third-party styles are not capped', async () => {
    const consoleCss = await build('.qgw-cs-x { outline: 2px solid red; }', '/repo/apps/web/src/features/console/components/console.css');
    expect(consoleCss).toBe('.qgw-cs-x { outline: 0.26667vw solid red; }');
    const antd = await build('.adm-x { width: 30vw; font-size: 14px; }', '/repo/node_modules/antd-mobile/es/components/popup/popup.css');
    expect(antd).toBe('.adm-x { width: 30vw; font-size: 14px; }');
  });

  test('runs once per declaration, however many plugins follow', async () => {
    const css = (await postcss([pxToVw, columnCap({ columnWidth: 480, exclude: [] }), { postcssPlugin: 'noop', Declaration() {} }]).process('a { width: 75px; }', { from: appFile })).css;
    expect(css).toBe('a { width: min(10vw, 48px); }');
  });
});
