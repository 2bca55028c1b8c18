import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { AGE_BANDS, type AgeBand } from '@robot-ads/contracts/play-events/play-events.rules';
import { Card, Col, Row, Segmented, Statistic, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lang } from '../../lib/i18n';
import { formatCount, formatDuration, rising } from '../../lib/statistics/format';
import { useCount } from '../../lib/statistics/use-count';
import { Chart } from './chart';
import { donutOption } from './donut';

// The number formatter lives in lib so that pages without charts (the dashboard) load no chart code.
export { useCount };

export interface Kpi {
  key: string;
  label: string;
  value: number;
  /** Shown instead of the formatted value (e.g. a percentage). */
  text?: string;
  /** The value (and previous) are seconds: shown in hours and minutes. */
  duration?: boolean;
  suffix?: string;
  /** The previous period's figure: shows rising or falling. */
  previous?: number;
  warning?: ReactNode;
}

/** The change against the previous period, as a tag. */
export function RiseTag({ current, previous }: { current: number; previous: number }) {
  const { t } = useTranslation('statistics');
  const r = rising(current, previous);
  if (r.trend === 'new') return <Tag color="blue">{t('rise.new')}</Tag>;
  if (r.trend === 'flat') return <Tag icon={<MinusOutlined />}>{t('rise.flat')}</Tag>;
  const up = r.trend === 'up';
  return (
    <Tag color={up ? 'green' : 'red'} icon={up ? <ArrowUpOutlined /> : <ArrowDownOutlined />}>
      {t(up ? 'rise.up' : 'rise.down', { percent: Math.abs(r.percent ?? 0) })}
    </Tag>
  );
}

export function KpiGrid({ items }: { items: Kpi[] }) {
  const { t } = useTranslation('statistics');
  const counted = useCount();
  const language = lang();
  return (
    <Row gutter={[16, 16]}>
      {items.map((k) => {
        const count = k.duration ? (n: number) => formatDuration(n, language) : counted;
        return (
          <Col key={k.key} flex="1 1 170px">
            <Card size="small" className="ra-stat-card" data-testid={`kpi-${k.key}`}>
              <Statistic
                title={k.label}
                value={k.text ?? count(k.value)}
                suffix={k.suffix}
                styles={{ content: { fontVariantNumeric: 'tabular-nums' } }}
              />
              {k.previous !== undefined && (
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('rise.previous', { value: count(k.previous) })}
                  </Typography.Text>{' '}
                  <RiseTag current={k.value} previous={k.previous} />
                </div>
              )}
              {k.warning}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

export type Period = 'day' | 'week' | 'month';
export interface TrendPoint {
  label: string;
  plays: number;
  exposure: number;
}

/** Plays and exposure per day, week or month. */
export function TrendCard({
  period,
  onPeriod,
  points,
  loading,
}: {
  period: Period;
  onPeriod: (p: Period) => void;
  points: TrendPoint[];
  loading: boolean;
}) {
  const { t } = useTranslation('statistics');
  const count = useCount();
  return (
    <Card
      size="small"
      title={t('trend.title')}
      loading={loading}
      extra={
        <Segmented<Period>
          value={period}
          onChange={onPeriod}
          options={(['day', 'week', 'month'] as const).map((p) => ({ value: p, label: t(`trend.${p}`) }))}
        />
      }
    >
      {points.length === 0 ? (
        <Typography.Text type="secondary">{t('empty.period')}</Typography.Text>
      ) : (
        <Chart
          label={t('trend.title')}
          option={{
            tooltip: { trigger: 'axis', valueFormatter: (v: number) => count(v) },
            legend: { top: 0, data: [t('kpi.plays'), t('kpi.exposure')] },
            grid: { left: 48, right: 16, bottom: 32, top: 40 },
            xAxis: { type: 'category', data: points.map((p) => p.label) },
            yAxis: { type: 'value', axisLabel: { formatter: (v: number) => count(v) } },
            series: [
              { name: t('kpi.plays'), type: 'bar', data: points.map((p) => p.plays) },
              { name: t('kpi.exposure'), type: 'line', smooth: true, data: points.map((p) => p.exposure) },
            ],
          }}
        />
      )}
    </Card>
  );
}

/** One measure by hour of the day (00-23 in the report's time zone). */
export function HourCard({
  title,
  seriesName,
  hours,
  loading,
}: {
  title: string;
  seriesName: string;
  hours: Array<{ hour: number; value: number }>;
  loading: boolean;
}) {
  const count = useCount();
  const byHour = Array.from({ length: 24 }, (_, h) => hours.find((x) => x.hour === h)?.value ?? 0);
  return (
    <Card size="small" title={title} loading={loading}>
      <Chart
        label={title}
        option={{
          tooltip: { trigger: 'axis', valueFormatter: (v: number) => count(v) },
          grid: { left: 48, right: 16, bottom: 32, top: 24 },
          xAxis: { type: 'category', data: byHour.map((_, h) => `${String(h).padStart(2, '0')}:00`) },
          yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => count(v) } },
          series: [{ name: seriesName, type: 'bar', data: byHour }],
        }}
      />
    </Card>
  );
}

/** Audience by age band and by sex, two pies. */
export function AudienceCard({
  age,
  male,
  female,
  loading,
}: {
  age: Partial<Record<AgeBand, number>>;
  male: number;
  female: number;
  loading: boolean;
}) {
  const { t } = useTranslation('statistics');
  const count = useCount();
  const total = AGE_BANDS.reduce((s, b) => s + (age[b] ?? 0), 0) + male + female;
  const pie = (name: string, data: Array<{ name: string; value: number }>) => donutOption(name, data, count);
  return (
    <Card size="small" title={t('audience.title')} loading={loading}>
      {total === 0 ? (
        <Typography.Text type="secondary">{t('empty.audience')}</Typography.Text>
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Chart
              label={t('audience.age')}
              option={pie(
                t('audience.age'),
                AGE_BANDS.map((b) => ({ name: t(`age.${b}`), value: age[b] ?? 0 })),
              )}
            />
          </Col>
          <Col xs={24} md={12}>
            <Chart
              label={t('audience.sex')}
              option={pie(t('audience.sex'), [
                { name: t('sex.male'), value: male },
                { name: t('sex.female'), value: female },
              ])}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}

/** A ranking (robots, materials, plans): name and plays, most first. */
export function TopTable({
  title,
  nameTitle,
  rows,
  loading,
  testId,
}: {
  title: string;
  nameTitle: string;
  rows: Array<{ key: string; name: string; plays: number; extra?: ReactNode }>;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation('statistics');
  const count = useCount();
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Table
        size="small"
        rowKey="key"
        loading={loading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('empty.ranking') }}
        columns={[
          { title: '#', key: 'rank', width: 48, render: (_: unknown, __: unknown, i: number) => i + 1 },
          {
            title: nameTitle,
            dataIndex: 'name',
            render: (name: string, r) => (
              <>
                <span translate="no">{name}</span> {r.extra}
              </>
            ),
          },
          { title: t('kpi.plays'), dataIndex: 'plays', align: 'right', render: (v: number) => count(v) },
        ]}
      />
    </Card>
  );
}
