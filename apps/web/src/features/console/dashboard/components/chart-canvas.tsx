import { useEffect, useRef, useState } from 'react';
import type { ChartConfiguration } from 'chart.js';
import { dashboardStrings as t } from '../strings.js';

/**
 * A bar chart on a canvas. The canvas is an image whose label summarises it; the figure's table
 * holds every number. Chart.js loads on first use, after the figures are on the screen.
 */
export function ChartCanvas({ config, label }: { config: ChartConfiguration<'bar'>; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    import('./chart-setup.js')
      .then(({ Chart }) => {
        if (cancelled || !canvas.current) return;
        chart = new Chart(canvas.current, config);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [config]);
  return (
    <div className="qgw-db-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
      {failed && <p className="qgw-db-note" role="alert">{t.chartFailed}</p>}
    </div>
  );
}
