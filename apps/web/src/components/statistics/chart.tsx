import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the statistics charts draw; SVG keeps the charts crisp and readable by tests.
echarts.use([
  BarChart,
  LineChart,
  MapChart,
  PieChart,
  GeoComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

export { echarts };

// echarts' own option type is the union of every chart; the options here are built per chart.
type ChartOption = Record<string, unknown>;

/**
 * One chart through echarts/core. (echarts-for-react/esm/core imports tslib without declaring it, and
 * tslib is not installed at the top level, so the bundle could not resolve it: this small binding
 * does the same: init on mount, setOption on change, resize with the container, dispose on unmount.)
 * `label` names it for assistive technology (the figures are also in the tables).
 */
export function Chart({ option, height = 280, label }: { option: ChartOption; height?: number; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current, undefined, { renderer: 'svg' });
    chart.current = c;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    observer?.observe(el.current);
    return () => {
      observer?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={el} role="img" aria-label={label} style={{ height, width: '100%' }} />;
}
