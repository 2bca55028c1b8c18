import { Alert, Card, Col, Row, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ExportButton } from '../../../components/export-progress';
import { QueryError } from '../../../components/query-error';
import { RegionCard } from '../../../components/statistics/region-table';
import { ReportFilters } from '../../../components/statistics/report-filters';
import {
  AudienceCard,
  HourCard,
  type Kpi,
  KpiGrid,
  TopTable,
  TrendCard,
  useCount,
} from '../../../components/statistics/stat-parts';
import { lang } from '../../../lib/i18n';
import {
  type Period,
  PLAN_EXPORT_STATE_PATH,
  startPlanExport,
  usePlanAudience,
  usePlanProvinces,
  usePlanQrHours,
  usePlanSeries,
  usePlanTopMaterials,
  usePlanTopRobots,
  usePlanTotal,
} from '../../../lib/statistics/api';
import { formatPercent, isLowPullRatio, msToSeconds } from '../../../lib/statistics/format';
import { lastDays, planRange, type ReportRange, rangeParams } from '../../../lib/statistics/range';
import { PlanProofOfPlayCard } from './proof-of-play-card';

/** The plan's pull figures (from the publish summary the detail page already has). */
export interface PullFigures {
  ratio: number;
  planPullNumber: number;
  alreadyPullNumber: number;
}

/** The Statistics tab of /ad/ListDetail: one plan's figures in a date range and time zone. */
export function PlanStatistics({
  playlistId,
  timeZone,
  period: planPeriod,
  pull,
}: {
  playlistId: string;
  timeZone: string;
  /** The plan's period (unix seconds): the report opens on it (up to today), a year plan on its year. */
  period?: { begin: number; end: number };
  pull?: PullFigures;
}) {
  const { t } = useTranslation('statistics');
  const count = useCount();
  const whole = useMemo(
    () => (planPeriod ? planRange(planPeriod.begin, planPeriod.end, timeZone) : undefined),
    [planPeriod, timeZone],
  );
  const [range, setRange] = useState<ReportRange>(() => whole ?? lastDays(30, timeZone));
  const [period, setPeriod] = useState<Period>('day');
  const params = useMemo(() => rangeParams(range), [range]);
  const total = usePlanTotal(playlistId, params);
  const series = usePlanSeries(playlistId, period, params);
  // The hours of the range's last day (the call reports one local day).
  const hours = usePlanQrHours(playlistId, params.end - 1, params);
  const provinces = usePlanProvinces(playlistId, params);
  const audience = usePlanAudience(playlistId, params);
  const robots = usePlanTopRobots(playlistId, params);
  const materials = usePlanTopMaterials(playlistId, params);

  const filters = (
    <ReportFilters
      range={range}
      onChange={setRange}
      ownZone={timeZone}
      planPeriod={whole}
      extra={
        <ExportButton
          start={() => startPlanExport(playlistId, params, lang())}
          statePath={PLAN_EXPORT_STATE_PATH}
          disabled={!total.data || total.data.plays + total.data.scans === 0}
        />
      }
    />
  );
  if (total.isError) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {filters}
        <QueryError error={total.error} onRetry={() => total.refetch()} />
      </Space>
    );
  }
  const figures = total.data;
  const low = pull !== undefined && isLowPullRatio(pull.ratio);
  const kpis: Kpi[] = figures
    ? [
        { key: 'plays', label: t('kpi.plays'), value: figures.plays },
        { key: 'exposure', label: t('kpi.exposure'), value: figures.exposure },
        { key: 'viewers', label: t('kpi.viewers'), value: figures.viewers },
        {
          key: 'watchTime',
          label: t('kpi.watchTime'),
          value: msToSeconds(figures.watchDuration),
          duration: true,
        },
        {
          key: 'standingTime',
          label: t('kpi.standingTime'),
          value: msToSeconds(figures.standingTime),
          duration: true,
        },
        { key: 'scans', label: t('kpi.scans'), value: figures.scans },
        ...(pull
          ? [
              {
                key: 'pullRatio',
                label: t('kpi.pullRatio'),
                value: pull.ratio,
                text: formatPercent(pull.ratio),
                warning: (
                  <Typography.Text type={low ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                    {`${count(pull.alreadyPullNumber)} / ${count(pull.planPullNumber)}`}
                  </Typography.Text>
                ),
              },
            ]
          : []),
      ]
    : [];
  const empty = figures !== undefined && figures.plays === 0 && figures.scans === 0;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="plan-statistics">
      {filters}
      {low && <Alert type="warning" showIcon title={t('pullWarning')} />}
      {!figures ? <Card loading /> : <KpiGrid items={kpis} />}
      <PlanProofOfPlayCard playlistId={playlistId} params={params} />
      {empty ? (
        <Card>
          <EmptyState hint={t('empty.plan')} />
        </Card>
      ) : (
        figures && (
          <>
            <TrendCard
              period={period}
              onPeriod={setPeriod}
              loading={series.isLoading}
              points={series.data?.points ?? []}
            />
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <HourCard
                  title={t('hour.scansOf', { day: range.to })}
                  loading={hours.isLoading}
                  hours={(hours.data?.points ?? []).map((p) => ({ hour: Number(p.label), value: p.scans }))}
                  seriesName={t('kpi.scans')}
                />
              </Col>
              <Col xs={24} xl={12}>
                <AudienceCard
                  loading={audience.isLoading}
                  age={audience.data ?? {}}
                  male={audience.data?.male ?? 0}
                  female={audience.data?.female ?? 0}
                />
              </Col>
            </Row>
            <RegionCard rows={provinces.data?.rows ?? []} cities loading={provinces.isLoading} />
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <TopTable
                  testId="top-robots"
                  title={t('top.robots')}
                  nameTitle={t('top.robot')}
                  loading={robots.isLoading}
                  rows={(robots.data?.datas ?? []).map((r) => ({
                    key: r.robotId,
                    name: r.name || r.robotId,
                    plays: r.plays,
                    extra: <Typography.Text type="secondary">{r.robotId}</Typography.Text>,
                  }))}
                />
              </Col>
              <Col xs={24} xl={12}>
                <TopTable
                  testId="top-materials"
                  title={t('top.materials')}
                  nameTitle={t('top.material')}
                  loading={materials.isLoading}
                  rows={(materials.data?.datas ?? []).map((r) => ({
                    key: `${r.adId}/${r.resourceId ?? ''}`,
                    name: r.name,
                    plays: r.plays,
                  }))}
                />
              </Col>
            </Row>
          </>
        )
      )}
    </Space>
  );
}
