import { isAdvertiserRole } from '@robot-ads/contracts/auth/roles';
import type { RisingFigure } from '@robot-ads/contracts/statistics/statistics.schemas';
import { Card, Col, Row, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { RegionCard, RegionTable } from '../../../components/statistics/region-table';
import { ReportFilters } from '../../../components/statistics/report-filters';
import { type Kpi, KpiGrid, TopTable, TrendCard, useCount } from '../../../components/statistics/stat-parts';
import { sessionStore } from '../../../lib/session';
import {
  type Period,
  TOP_PLAN_CANDIDATES,
  useClientRegions,
  useClientRising,
  useClientSeries,
  useTopPlans,
} from '../../../lib/statistics/api';
import { msToSeconds } from '../../../lib/statistics/format';
import { lastDays, PLATFORM_TIME_ZONE, type ReportRange, rangeParams } from '../../../lib/statistics/range';

const seconds = (f: RisingFigure): RisingFigure => ({
  value: msToSeconds(f.value),
  previous: msToSeconds(f.previous),
  change: f.change,
});

/**
 * /wel/advertisersBoard (and /wel/zhuBoard, the spec's alias): the customer's figures (an advertiser) or
 * the plays on the property's robots (a project account), against the previous period of the same length.
 */
export default function AdvertiserBoardPage() {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const _count = useCount();
  const role = sessionStore.use((s) => s.user?.role);
  const advertiser = role !== undefined && isAdvertiserRole(role);
  // The platform's zone until the user chooses one in the filters: never the browser's.
  const [range, setRange] = useState<ReportRange>(() => lastDays(30, PLATFORM_TIME_ZONE));
  const [period, setPeriod] = useState<Period>('day');
  const params = useMemo(() => rangeParams(range), [range]);
  const rising = useClientRising(params);
  const series = useClientSeries(period, params);
  const provinces = useClientRegions('province', params);
  const cities = useClientRegions('city', params);
  const plans = useTopPlans(params, advertiser);

  const filters = <ReportFilters range={range} onChange={setRange} />;
  if (rising.isError) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {filters}
        <QueryError error={rising.error} onRetry={() => rising.refetch()} />
      </Space>
    );
  }
  const f = rising.data?.figures;
  const kpi = (key: string, label: string, figure: RisingFigure, duration?: boolean): Kpi => ({
    key,
    label,
    value: figure.value,
    previous: figure.previous,
    duration,
  });
  const kpis: Kpi[] = f
    ? [
        kpi('plays', t('kpi.plays'), f.plays),
        kpi('exposure', t('kpi.exposure'), f.exposure),
        kpi('exposureSense', t('kpi.exposureSense'), f.exposureSense),
        kpi('viewers', t('kpi.viewers'), f.viewers),
        kpi('watchTime', t('kpi.watchTime'), seconds(f.watchDuration), true),
        kpi('scans', t('kpi.scans'), f.scans),
      ]
    : [];
  const empty = f !== undefined && f.plays.value === 0 && f.scans.value === 0;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="advertiser-board">
      <Card size="small">
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('board.title')}
          </Typography.Title>
          {filters}
        </Space>
      </Card>
      {!f ? <Card loading /> : <KpiGrid items={kpis} />}
      {empty ? (
        <Card>
          <EmptyState hint={t(advertiser ? 'empty.board' : 'empty.property')} />
          {advertiser && (
            <div style={{ textAlign: 'center' }}>
              <Typography.Link onClick={() => navigate('/ad/List')}>{t('board.toPlans')}</Typography.Link>
            </div>
          )}
        </Card>
      ) : (
        f && (
          <>
            <TrendCard
              period={period}
              onPeriod={setPeriod}
              loading={series.isLoading}
              points={series.data?.points ?? []}
            />
            <RegionCard rows={provinces.data?.rows ?? []} cities={false} loading={provinces.isLoading} />
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={advertiser ? 12 : 24}>
                <Card size="small" title={t('board.cities')}>
                  <RegionTable rows={cities.data?.rows ?? []} cities loading={cities.isLoading} />
                </Card>
              </Col>
              {advertiser && (
                <Col xs={24} xl={12}>
                  <TopTable
                    testId="top-plans"
                    title={
                      (plans.data?.candidates ?? 0) > TOP_PLAN_CANDIDATES
                        ? t('top.plansOfLatest', { count: TOP_PLAN_CANDIDATES })
                        : t('top.plans')
                    }
                    nameTitle={t('top.plan')}
                    loading={plans.isLoading}
                    rows={(plans.data?.rows ?? []).map((r) => ({
                      key: r.id,
                      name: r.name,
                      plays: r.plays,
                      extra: (
                        <Typography.Link onClick={() => navigate(`/ad/ListDetail?id=${r.id}&tab=statistics`)}>
                          {t('top.open')}
                        </Typography.Link>
                      ),
                    }))}
                  />
                </Col>
              )}
            </Row>
          </>
        )
      )}
    </Space>
  );
}
