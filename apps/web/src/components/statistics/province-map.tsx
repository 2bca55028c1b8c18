import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionNameText } from '../../lib/regions';
import { Chart, echarts } from './chart';

/** echarts 4.9's China GeoJSON (npm alias echarts4-maps), its own lazily loaded chunk. */
const chinaFile = () => import('../../../../../node_modules/echarts4-maps/map/json/china.json');

let registered: Promise<void> | null = null;
function registerChina(): Promise<void> {
  registered ??= chinaFile().then((m) => {
    echarts.registerMap('china', m.default as never);
  });
  registered.catch(() => {
    registered = null;
  });
  return registered;
}

/** Map names are short (广东, 北京); our addresses are full (广东省, 北京市). */
export function mapProvinceName(name: string): string {
  return name.replace(/(壮族自治区|回族自治区|维吾尔自治区|特别行政区|自治区|省|市)$/u, '');
}

/** Plays by province on the China map, shaded by value. */
export function ProvinceMap({
  rows,
  seriesName,
  format,
}: {
  rows: Array<{ province: string; value: number }>;
  seriesName: string;
  format: (n: number) => string;
}) {
  const { t } = useTranslation('statistics');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    registerChina().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  if (state === 'failed') return <Alert type="warning" showIcon title={t('map.failed')} />;
  if (state === 'loading') return <Spin style={{ display: 'block', padding: 48 }} />;
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Chart
      label={t('map.label')}
      height={360}
      option={{
        tooltip: {
          trigger: 'item',
          // The map's names are Chinese: the tooltip names the province in the page language.
          formatter: (p: { name: string; value?: number }) =>
            `${regionNameText(p.name, 'province')}: ${Number.isFinite(p.value) ? format(p.value as number) : 0}`,
        },
        visualMap: {
          min: 0,
          max,
          left: 8,
          bottom: 8,
          calculable: true,
          inRange: { color: ['#e6f0ff', '#3574F7'] },
          formatter: (v: number) => format(v),
        },
        series: [
          {
            name: seriesName,
            type: 'map',
            map: 'china',
            roam: true,
            itemStyle: { areaColor: '#f5f7fb', borderColor: '#9db2d6' },
            data: rows.map((r) => ({ name: mapProvinceName(r.province), value: r.value })),
          },
        ],
      }}
    />
  );
}
