import type { DeviceState, DeviceType } from '@robot-ads/contracts/devices/devices.rules';
import { Alert, Breadcrumb, Spin, Typography } from 'antd';
import { ScatterChart } from 'echarts/charts';
import { GeoComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsType, init, registerMap, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionNameText } from '../../../lib/regions';
import type { MapPoint } from '../api/devices';

// Only what the device map draws (echarts/core: the whole of echarts would be about 200 KB more gzipped).
use([ScatterChart, GeoComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type GeoJson = { type: string; features: Array<{ properties: { name: string; cp?: [number, number] } }> };

/*
 * The offline map: echarts 4.9's GeoJSON (china.json, province/*.json, world.json; npm alias
 * echarts4-maps), each file its own lazily loaded chunk so that the main bundle stays small.
 */
const provinceFiles = import.meta.glob<GeoJson>(
  '../../../../../../node_modules/echarts4-maps/map/json/province/*.json',
  {
    import: 'default',
  },
);
const chinaFile = () =>
  import('../../../../../../node_modules/echarts4-maps/map/json/china.json').then(
    (m) => m.default as unknown as GeoJson,
  );
const worldFile = () =>
  import('../../../../../../node_modules/echarts4-maps/map/json/world.json').then(
    (m) => m.default as unknown as GeoJson,
  );

/** Map names are short (广东, 北京); our addresses are full (广东省, 北京市). */
export function shortProvince(name: string | null): string {
  return (name ?? '').replace(/(壮族自治区|回族自治区|维吾尔自治区|特别行政区|自治区|省|市)$/u, '');
}

const PROVINCE_FILE: Record<string, string> = {
  台湾: 'taiwan',
  河北: 'hebei',
  山西: 'shanxi',
  内蒙古: 'neimenggu',
  辽宁: 'liaoning',
  吉林: 'jilin',
  黑龙江: 'heilongjiang',
  江苏: 'jiangsu',
  浙江: 'zhejiang',
  安徽: 'anhui',
  福建: 'fujian',
  江西: 'jiangxi',
  山东: 'shandong',
  河南: 'henan',
  湖北: 'hubei',
  湖南: 'hunan',
  广东: 'guangdong',
  广西: 'guangxi',
  海南: 'hainan',
  四川: 'sichuan',
  贵州: 'guizhou',
  云南: 'yunnan',
  西藏: 'xizang',
  陕西: 'shanxi1',
  甘肃: 'gansu',
  青海: 'qinghai',
  宁夏: 'ningxia',
  新疆: 'xinjiang',
  北京: 'beijing',
  天津: 'tianjin',
  上海: 'shanghai',
  重庆: 'chongqing',
  香港: 'xianggang',
  澳门: 'aomen',
};

export const STATE_COLOURS: Record<DeviceState, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  notActivated: '#1677ff',
  expired: '#ff4d4f',
  unused: '#fa8c16',
  activated: '#13c2c2',
};

async function loadGeo(region: string): Promise<GeoJson> {
  if (region === 'china') return chinaFile();
  if (region === 'world') return worldFile();
  const file = PROVINCE_FILE[region];
  const key = Object.keys(provinceFiles).find((k) => k.endsWith(`/province/${file}.json`));
  const load = key ? provinceFiles[key] : undefined;
  if (!load) throw new Error(`no map for ${region}`);
  return load();
}

/**
 * Devices as points coloured by state on the China map; a click on a province drills into it, a click
 * on a city there narrows to the city. `world` shows the world map instead (no drilling).
 */
/** A map name (广东, 深圳市: the GeoJSON's are Chinese) in the page language; a city's within `province`. */
function placeName(name: string, province: string | null): string {
  return (province ? regionNameText(name, 'city', { province }) : regionNameText(name, 'province')) || name;
}

export function DeviceMap({
  points,
  world = false,
  typeLabel,
}: {
  points: MapPoint[];
  world?: boolean;
  typeLabel: (type: DeviceType) => string;
}) {
  const { t } = useTranslation('devices');
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [province, setProvince] = useState<string | null>(null);
  const [city, setCity] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const region = world ? 'world' : (province ?? 'china');

  const shown = useMemo(
    () =>
      points.filter((p) => (!province || shortProvince(p.province) === province) && (!city || (p.city ?? '') === city)),
    [points, province, city],
  );

  useEffect(() => {
    if (!el.current) return;
    const c = init(el.current);
    chart.current = c;
    const resize = () => c.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    loadGeo(region)
      .then((geo) => {
        if (cancelled || !chart.current) return;
        registerMap(region, geo as never);
        setFailed(false);
        setLoading(false);
      })
      .catch(() => {
        if (!cancelled) {
          setFailed(true);
          setLoading(false);
        }
      });
    return () => {
      cancelled = true;
    };
  }, [region]);

  useEffect(() => {
    const c = chart.current;
    if (!c || loading || failed) return;
    // Connected robots are drawn last, on top of the others.
    const order: DeviceState[] = ['notActivated', 'expired', 'unused', 'offline', 'online'];
    const states = order.filter((s) => shown.some((p) => p.state === s));
    c.setOption(
      {
        tooltip: {
          trigger: 'item',
          formatter: (p: { seriesType?: string; data?: { point?: MapPoint }; name?: string }) => {
            const point = p.data?.point;
            return point
              ? `${point.name} (${point.robotId})<br/>${typeLabel(point.type)} · ${t(`states.${point.state}`)}`
              : placeName(p.name ?? '', province);
          },
        },
        legend: { bottom: 8, data: states.map((s) => t(`states.${s}`)) },
        geo: {
          map: region,
          roam: true,
          selectedMode: world ? false : 'single',
          label: {
            show: !world && region !== 'china',
            fontSize: 10,
            formatter: (p: { name?: string }) => placeName(p.name ?? '', province),
          },
          itemStyle: { areaColor: '#eef3fb', borderColor: '#9db2d6' },
          emphasis: { itemStyle: { areaColor: '#d6e4ff' } },
        },
        series: states.map((s) => ({
          name: t(`states.${s}`),
          type: 'scatter',
          coordinateSystem: 'geo',
          symbolSize: 8,
          itemStyle: { color: STATE_COLOURS[s] },
          data: shown.filter((p) => p.state === s).map((p) => ({ name: p.name, value: [p.lng, p.lat], point: p })),
        })),
      },
      { notMerge: true },
    );
    c.off('click');
    c.on('click', (e: { componentType?: string; name?: string }) => {
      if (world || e.componentType !== 'geo' || !e.name) return;
      if (!province && PROVINCE_FILE[e.name]) {
        setProvince(e.name);
        setCity(null);
      } else if (province) {
        setCity((current) => (current === e.name ? null : (e.name ?? null)));
      }
    });
  }, [shown, region, loading, failed, world, province, t, typeLabel]);

  return (
    <div>
      <Alert type="info" showIcon message={t('map.offlineMap')} style={{ marginBottom: 8 }} />
      {!world && (
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={[
            {
              title: (
                <Typography.Link
                  onClick={() => {
                    setProvince(null);
                    setCity(null);
                  }}
                >
                  {t('map.china')}
                </Typography.Link>
              ),
            },
            ...(province
              ? [
                  {
                    title: <Typography.Link onClick={() => setCity(null)}>{placeName(province, null)}</Typography.Link>,
                  },
                ]
              : []),
            ...(city ? [{ title: placeName(city, province) }] : []),
          ]}
        />
      )}
      <div data-testid="map-count" style={{ marginBottom: 8 }}>
        {t('map.points', { count: shown.length })}
      </div>
      <Spin spinning={loading}>
        <div ref={el} data-testid="device-map" data-region={region} style={{ height: 620, width: '100%' }} />
      </Spin>
      {failed && <Alert type="error" message={t('export.failed')} />}
    </div>
  );
}
