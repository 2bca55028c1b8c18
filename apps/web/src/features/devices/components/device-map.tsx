import { DEVICE_STATES, type DeviceState, type DeviceType } from '@robot-ads/contracts/devices/devices.rules';
import { Alert, Badge, Breadcrumb, Space, Spin, Typography } from 'antd';
import { ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import { type EChartsType, init, registerMap, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionNameText } from '../../../lib/regions';
import type { MapPoint } from '../api/devices';
import { CLUSTER_CELL, type Cluster, clusterPoints, clusterSize } from './map-clusters';

/** Clusters are drawn in this order: connected robots last, on top. */
const DRAW_ORDER: DeviceState[] = ['activated', 'notActivated', 'expired', 'unused', 'offline', 'online'];

// Only what the device map draws (echarts/core: the whole of echarts would be about 200 KB more gzipped).
use([ScatterChart, GeoComponent, TooltipComponent, SVGRenderer]);

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
 * Devices on the China map, grouped by zoom into dots that carry their count (coloured by the state most
 * of them are in), so the dots add up to the devices shown; a click on a province drills into it, a click
 * on a city there narrows to the city. `world` shows the world map instead (no drilling).
 */
/** A map name (广东, 深圳市: the GeoJSON's are Chinese) in the page language; a city's within `province`. */
function placeName(name: string, province: string | null): string {
  return (province ? regionNameText(name, 'city', { province }) : regionNameText(name, 'province')) || name;
}

export function DeviceMap({
  points: loaded,
  world = false,
  typeLabel,
}: {
  /** undefined while the devices load: the map spins and states no count (not "0 devices shown"). */
  points: MapPoint[] | undefined;
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
  const [zoom, setZoom] = useState(1);
  const region = world ? 'world' : (province ?? 'china');

  const points = useMemo(() => loaded ?? [], [loaded]);
  const shown = useMemo(
    () =>
      points.filter((p) => (!province || shortProvince(p.province) === province) && (!city || (p.city ?? '') === city)),
    [points, province, city],
  );

  useEffect(() => {
    if (!el.current) return;
    // SVG: the dots and their counts are elements a test (and a screen reader's tree) can read.
    const c = init(el.current, undefined, { renderer: 'svg' });
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

  // The map itself (and its zoom) is set when the region changes; the dots follow the zoom.
  const level: keyof typeof CLUSTER_CELL = world ? 'world' : city ? 'city' : province ? 'province' : 'china';
  const clusters = useMemo(() => clusterPoints(shown, CLUSTER_CELL[level], zoom), [shown, level, zoom]);

  useEffect(() => {
    const c = chart.current;
    if (!c || loading || failed) return;
    setZoom(1);
    c.setOption(
      {
        tooltip: {
          trigger: 'item',
          formatter: (p: { data?: { cluster?: Cluster<MapPoint> }; name?: string }) => {
            const cluster = p.data?.cluster;
            if (!cluster) return placeName(p.name ?? '', province);
            const [point] = cluster.points;
            if (cluster.count === 1 && point)
              return `${point.name} (${point.robotId})<br/>${typeLabel(point.type)} · ${t(`states.${point.state}`)}`;
            const parts = DEVICE_STATES.filter((s) => cluster.byState[s]).map(
              (s) => `${t(`states.${s}`)} ${cluster.byState[s]}`,
            );
            return `${t('map.cluster', { count: cluster.count })}<br/>${parts.join(' · ')}`;
          },
        },
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
        series: [],
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
    c.off('georoam');
    c.on('georoam', () => {
      const geo = (c.getOption() as { geo?: Array<{ zoom?: number }> }).geo?.[0];
      // Clusters split at each doubling of the zoom, not at every wheel step.
      const next = 2 ** Math.round(Math.log2(geo?.zoom ?? 1));
      setZoom((z) => (z === next ? z : next));
    });
  }, [region, loading, failed, world, province, t, typeLabel]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dots are drawn again after a new region's map reset them
  useEffect(() => {
    const c = chart.current;
    if (!c || loading || failed) return;
    c.setOption(
      {
        series: [
          {
            id: 'devices',
            name: t('map.devices'),
            type: 'scatter',
            coordinateSystem: 'geo',
            symbolSize: (_v: unknown, p: { data?: { cluster?: Cluster<MapPoint> } }) =>
              clusterSize(p.data?.cluster?.count ?? 1),
            label: {
              show: true,
              formatter: (p: { data?: { cluster?: Cluster<MapPoint> } }) =>
                (p.data?.cluster?.count ?? 1) > 1 ? String(p.data?.cluster?.count) : '',
              color: '#fff',
              fontWeight: 'bold',
              fontSize: 11,
            },
            // Connected robots on top of the others.
            data: [...clusters]
              .sort((a, b) => DRAW_ORDER.indexOf(a.state) - DRAW_ORDER.indexOf(b.state))
              .map((cl) => ({
                name: cl.count === 1 ? (cl.points[0]?.name ?? '') : t('map.cluster', { count: cl.count }),
                value: [cl.lng, cl.lat, cl.count],
                cluster: cl,
                itemStyle: { color: STATE_COLOURS[cl.state], opacity: 0.9, borderColor: '#fff', borderWidth: 1 },
              })),
          },
        ],
      },
      { replaceMerge: ['series'] },
    );
  }, [clusters, loading, failed, t, region]);

  return (
    <div>
      <Alert type="info" showIcon title={t('map.offlineMap')} style={{ marginBottom: 8 }} />
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
      {loaded && (
        <Space wrap size="middle" style={{ marginBottom: 8 }}>
          <span data-testid="map-count">{t('map.points', { count: shown.length })}</span>
          <span data-testid="map-clusters" data-counts={clusters.map((c) => c.count).join(',')}>
            {t('map.clusters', { count: clusters.length })}
          </span>
          {DEVICE_STATES.filter((s) => shown.some((p) => p.state === s)).map((s) => (
            <span key={s} data-testid="map-state-count">
              <Badge
                color={STATE_COLOURS[s]}
                text={`${t(`states.${s}`)} ${shown.filter((p) => p.state === s).length}`}
              />
            </span>
          ))}
        </Space>
      )}
      <Spin spinning={loading || !loaded}>
        <div ref={el} data-testid="device-map" data-region={region} style={{ height: 620, width: '100%' }} />
      </Spin>
      {failed && <Alert type="error" title={t('export.failed')} />}
    </div>
  );
}
