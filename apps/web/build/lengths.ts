import pxToViewport from 'postcss-px-to-viewport-8-plugin';
import { columnCap } from './column-cap.js';

/** px in our own styles are written against the 750-wide design and become vw at build time. */
export const pxToVw = pxToViewport({
  unitToConvert: 'px',
  viewportWidth: 750,
  unitPrecision: 5,
  viewportUnit: 'vw',
  fontViewportUnit: 'vw',
  minPixelValue: 1,
  mediaQuery: false,
  // antd-mobile's own styles are written for a 375 design in px; leave them alone
  exclude: [/node_modules/],
});

/** The widest window the applicant screens grow to; wider ones show them in a centred column this wide. */
export const APPLICANT_COLUMN_WIDTH = 480;

/**
 * Each vw above becomes min(vw, its length at 480 px) (decision record 0022); global.css centres
 * the column. The console is laid out in rem for desktops and stays full width.
 */
export const capToColumn = columnCap({
  columnWidth: APPLICANT_COLUMN_WIDTH,
  exclude: [/\/node_modules\//, /\/src\/features\/console\//],
});

/** Our CSS lengths, in the order they are built: px→vw, then the column's cap. */
export const lengthPlugins = [pxToVw, capToColumn];
