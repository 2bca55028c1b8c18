import type { RegionRow } from '@robot-ads/contracts/statistics/statistics.schemas';
import { Card, Col, Row, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { regionNameText } from '../../lib/regions';
import { ProvinceMap } from './province-map';
import { useCount } from './stat-parts';

/** Plays, exposure, scans and robots per province (and city when `cities`). */
export function RegionTable({ rows, cities, loading }: { rows: RegionRow[]; cities: boolean; loading: boolean }) {
  const { t } = useTranslation('statistics');
  const count = useCount();
  const num = (v: number) => count(v);
  return (
    <Table<RegionRow>
      size="small"
      loading={loading}
      rowKey={(r) => `${r.province}/${r.city}`}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: t('empty.period') }}
      columns={[
        // Stored names are Chinese; the list gives them in the page language (Guangdong, Shenzhen).
        {
          title: t('province.name'),
          dataIndex: 'province',
          render: (v: string) => regionNameText(v, 'province') || '-',
        },
        ...(cities
          ? [
              {
                title: t('province.city'),
                dataIndex: 'city',
                render: (v: string, r: RegionRow) => regionNameText(v, 'city', { province: r.province }) || '-',
              },
            ]
          : []),
        { title: t('kpi.plays'), dataIndex: 'plays', align: 'right', render: num },
        { title: t('kpi.exposure'), dataIndex: 'exposure', align: 'right', render: num },
        { title: t('kpi.scans'), dataIndex: 'scans', align: 'right', render: num },
        { title: t('province.robots'), dataIndex: 'robots', align: 'right', render: num },
      ]}
    />
  );
}

/** Rows of province x city summed per province (the map shades provinces): plays and robots. */
export function byProvince(rows: RegionRow[]): Array<{ province: string; value: number; robots: number }> {
  const sums = new Map<string, { value: number; robots: number }>();
  for (const r of rows) {
    const sum = sums.get(r.province) ?? { value: 0, robots: 0 };
    sums.set(r.province, { value: sum.value + r.plays, robots: sum.robots + r.robots });
  }
  return [...sums].map(([province, sum]) => ({ province, ...sum }));
}

/** The region card: provinces shaded on the map beside their table (with cities when `cities`). */
export function RegionCard({ rows, cities, loading }: { rows: RegionRow[]; cities: boolean; loading: boolean }) {
  const { t } = useTranslation('statistics');
  const count = useCount();
  return (
    <Card size="small" title={t('province.title')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ProvinceMap rows={byProvince(rows)} seriesName={t('kpi.plays')} format={count} />
        </Col>
        <Col xs={24} xl={12}>
          <RegionTable rows={rows} cities={cities} loading={loading} />
        </Col>
      </Row>
    </Card>
  );
}
