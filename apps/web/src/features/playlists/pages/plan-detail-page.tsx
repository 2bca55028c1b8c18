import { Alert, Button, Card, Descriptions, Progress, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MissingParam } from '../../../components/missing-param';
import { QueryError } from '../../../components/query-error';
import { AuditStateTag, DeliveryStatusTag } from '../../../components/status-tag';
import { percentOf } from '../../../lib/statistics/format';
import { usePlan, usePublishSummary } from '../api/plans';
import { PlanStatistics } from '../components/plan-statistics';
import { WeekPreview } from '../components/week-preview';

const fmt = (s: number) => dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss');
const hm = (t: { hour: number; minute: number }) =>
  `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;

/** /ad/ListDetail?id=: one plan, its schedule, its week and its delivery figures. */
export default function PlanDetailPage() {
  const { t } = useTranslation('delivery');
  const { t: ts } = useTranslation('statistics');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'statistics' ? 'statistics' : 'details';
  const id = params.get('id') ?? params.get('detailId') ?? '';
  const plan = usePlan(id);
  const summary = usePublishSummary(id);
  if (!id) return <MissingParam what={t('missing.plan')} listPath="/ad/List" listLabel={t('missing.planList')} />;
  if (plan.isError) return <QueryError error={plan.error} onRetry={() => plan.refetch()} />;
  const p = plan.data;
  if (!p) return <Card loading />;
  const s = summary.data;
  const cycleText =
    p.cycle.type === 'weekly'
      ? p.cycle.data.map((d) => (t('preview.weekdays', { returnObjects: true }) as string[])[d - 1]).join(' ')
      : p.cycle.type === 'monthly'
        ? p.cycle.data.join(', ')
        : p.cycle.type === 'time'
          ? p.cycle.data.map((d) => dayjs.unix(d).format('YYYY-MM-DD')).join(', ')
          : '';
  const details = (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={<span translate="no">{p.name}</span>}
        extra={
          <Button type="primary" onClick={() => navigate(`/ad/publishDetail?detailId=${p.id}`)}>
            {t('plans.publishDetails')}
          </Button>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xxl: 3 }} bordered size="small">
          <Descriptions.Item label={t('fields.client')}>{p.clientName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.externalRef')}>{p.externalRef ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.deliveryStatus')}>
            <DeliveryStatusTag status={p.deliveryStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.audit')}>
            <AuditStateTag state={p.audit.state} /> {p.audit.note}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.priority')}>{t(`priority.${p.priority}`)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.playingMode')}>{t(`modes.${p.playingMode}`)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.timeZone')}>{p.timeZone}</Descriptions.Item>
          <Descriptions.Item label={t('fields.window')}>{`${fmt(p.begin)} ~ ${fmt(p.end)}`}</Descriptions.Item>
          <Descriptions.Item label={t('fields.cycle')}>
            {t(`cycles.${p.cycle.type}`)} {cycleText}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.times')}>
            {p.times.map((x) => (
              <Tag key={`${hm(x.begin)}-${hm(x.end)}`}>{`${hm(x.begin)}-${hm(x.end)}`}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.countLimit')}>{p.countLimit ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.timeLimit')}>{p.timeLimit ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.materials')}>{p.materials}</Descriptions.Item>
          <Descriptions.Item label={t('fields.ads')} span={3}>
            {p.advertisements.map((a) => (
              <Tag key={a.id}>
                {a.name} · {t(`kinds.${a.kind}`, a.kind)} · {a.materials}
              </Tag>
            ))}
          </Descriptions.Item>
          {p.pauses.length > 0 && (
            <Descriptions.Item label={t('fields.pauses')} span={3}>
              {p.pauses.map((x) => (
                <div key={x.begin}>{`${fmt(x.begin)} ~ ${fmt(x.end)} ${x.reason}`}</div>
              ))}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('fields.description')} span={3}>
            {p.description}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {s && (
        <Card title={t('plans.figures')}>
          <Space size="large" wrap>
            <Statistic title={t('fields.planPullNumber')} value={s.planPullNumber} />
            <Statistic title={t('fields.alreadyPullNumber')} value={s.alreadyPullNumber} />
            <Statistic title={t('publishState.failed')} value={s.failed} />
            <Statistic title={t('publishState.cancelled')} value={s.cancelled} />
            <div>
              <Typography.Text type="secondary">{t('fields.ratio')}</Typography.Text>
              <Progress
                type="circle"
                size={72}
                percent={percentOf(s.ratio)}
                status={s.lowPullRate ? 'exception' : 'normal'}
                aria-label={t('fields.ratio')}
              />
            </div>
          </Space>
          {s.lowPullRate && (
            <Alert style={{ marginTop: 12 }} type="warning" showIcon message={t('plans.lowPullRate')} />
          )}
        </Card>
      )}
      <Card title={t('preview.title')}>
        <WeekPreview begin={p.begin} end={p.end} timeZone={p.timeZone} cycle={p.cycle} times={p.times} />
      </Card>
    </Space>
  );
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => {
        const next = new URLSearchParams(params);
        if (key === 'statistics') next.set('tab', key);
        else next.delete('tab');
        setParams(next, { replace: true });
      }}
      items={[
        { key: 'details', label: ts('tab.details'), children: details },
        {
          key: 'statistics',
          label: ts('tab.statistics'),
          children: (
            <PlanStatistics playlistId={p.id} timeZone={p.timeZone} period={{ begin: p.begin, end: p.end }} pull={s} />
          ),
        },
      ]}
    />
  );
}
