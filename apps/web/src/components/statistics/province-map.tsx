import { Alert, Spin, Typography } from 'antd';
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

/**
 * Plays by province on the China map, shaded by value; each province with plays carries its count as a
 * label (and its robots in the tooltip), and the line under the map gives the sum of those labels, so
 * the figures on the map add up to the total the table states.
 */
export function ProvinceMap({
  rows,
  seriesName,
  format,
}: {
  rows: Array<{ province: string; value: number; robots?: number }>;
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
  const shown = rows.filter((r) => r.value > 0);
  const robots = new Map(rows.map((r) => [mapProvinceName(r.province), r.robots]));
  const total = shown.reduce((n, r) => n + r.value, 0);
  const robotTotal = rows.reduce((n, r) => n + (r.robots ?? 0), 0);
  return (
    <>
      <Typography.Text
        type="secondary"
        data-testid="province-map-total"
        data-counts={shown.map((r) => r.value).join(',')}
      >
        {t('map.total', { value: format(total), count: shown.length, robots: format(robotTotal) })}
      </Typography.Text>
      <Chart
        label={t('map.label')}
        height={360}
        option={{
          tooltip: {
            trigger: 'item',
            // The map's names are Chinese: the tooltip names the province in the page language.
            formatter: (p: { name: string; value?: number }) => {
              const value = `${seriesName} ${Number.isFinite(p.value) ? format(p.value as number) : 0}`;
              const count = robots.get(p.name);
              const robotsText = count ? ` · ${t('province.robots')} ${format(count)}` : '';
              return `${regionNameText(p.name, 'province')}<br/>${value}${robotsText}`;
            },
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
              // Each province with plays carries its count on the map.
              label: {
                show: true,
                fontSize: 10,
                fontWeight: 'bold',
                formatter: (p: { value?: number }) =>
                  Number.isFinite(p.value) && (p.value as number) > 0 ? format(p.value as number) : '',
              },
              data: shown.map((r) => ({ name: mapProvinceName(r.province), value: r.value })),
            },
          ],
        }}
      />
    </>
  );
}
