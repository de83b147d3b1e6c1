/**
 * Chart.js with only what the 概览 draws (bars and their scales, legend, tooltip) registered, so
 * the bundler drops the rest. Imported dynamically by ChartCanvas: it is a chunk of its own that
 * only the console's home downloads (docs/decisions/0023-console-charts.md).
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
Chart.defaults.font.family = 'inherit';
Chart.defaults.animation = false;

export { Chart };
