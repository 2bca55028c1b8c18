import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption } from 'echarts-for-react/esm/types';

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

/** One chart; `label` names it for assistive technology (the figures are also in the tables). */
export function Chart({ option, height = 280, label }: { option: EChartsOption; height?: number; label: string }) {
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        opts={{ renderer: 'svg' }}
        style={{ height, width: '100%' }}
      />
    </div>
  );
}
