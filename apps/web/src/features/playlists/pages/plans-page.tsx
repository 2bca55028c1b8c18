import { PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { DELIVERY_STATUSES } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { App, Button, Card, Input, Select, Space, Table, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listTable } from '../../../components/list-table';
import { RowActions } from '../../../components/row-actions';
import { AuditStateTag, DeliveryStatusTag } from '../../../components/status-tag';
import { sessionStore } from '../../../lib/session';
import { type Plan, type PlanList, useDeletePlan, usePlans } from '../api/plans';
import { ApplyDialog, type ApplyKind } from '../components/apply-dialog';
import { PlanEditor } from '../components/plan-editor';

const fmt = (s: number) => dayjs.unix(s).format('YYYY-MM-DD HH:mm');
const LIVE = new Set(['toBeIssued', 'issued', 'notStarted', 'live']);

/** /ad/List (plan management), /ad/hasPublished (online delivery) and /ad/historyPublish (history). */
export function PlansTable({ list }: { list: PlanList }) {
  const { t } = useTranslation('delivery');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = sessionStore.use((s) => s.user);
  const canEdit = user ? user.role !== 'project' : false;
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<{ name?: string; status?: string }>({});
  const plans = usePlans(list, { ...page, ...filter });
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<Plan | null | 'new'>(null);
  const [applying, setApplying] = useState<{ plan: Plan; kind: ApplyKind } | null>(null);

  const search = () => {
    setFilter((f) => ({ ...f, name: name.trim() || undefined }));
    setPage((p) => ({ ...p, start: 0 }));
  };

  return (
    <Card
      title={t(`plans.title.${list}`)}
      extra={
        list === 'all' &&
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('plans.create')}
          </Button>
        )
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Input
          allowClear
          placeholder={t('fields.name')}
          aria-label={t('fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={search}
        />
        {list === 'all' && (
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('fields.deliveryStatus')}
            aria-label={t('fields.deliveryStatus')}
            value={filter.status}
            onChange={(status) => {
              setFilter((f) => ({ ...f, status }));
              setPage((p) => ({ ...p, start: 0 }));
            }}
            options={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`deliveryStatus.${s}`) }))}
          />
        )}
        <Button onClick={search}>{t('common.search')}</Button>
      </Space>
      <Table<Plan>
        rowKey="id"
        dataSource={plans.data?.datas ?? []}
        pagination={{
          current: page.start / page.limit + 1,
          pageSize: page.limit,
          total: plans.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
        }}
        {...listTable<Plan>(
          [
            {
              title: t('fields.name'),
              dataIndex: 'name',
              size: 'name',
              fixed: 'left',
              render: (v: string, p) => (
                <Typography.Link onClick={() => navigate(`/ad/ListDetail?id=${p.id}`)}>{v}</Typography.Link>
              ),
            },
            { title: t('fields.client'), dataIndex: 'clientName', size: 'name', minScreen: 1440 },
            {
              title: t('fields.externalRef'),
              dataIndex: 'externalRef',
              size: 'code',
              minScreen: 1440,
              render: (v: string | null) => v ?? '-',
            },
            {
              title: t('fields.priority'),
              dataIndex: 'priority',
              size: 'tag',
              width: 90,
              minScreen: 1600,
              render: (v: number) => t(`priority.${v}`),
            },
            {
              title: t('fields.window'),
              key: 'window',
              size: 'period',
              render: (_: unknown, p) => `${fmt(p.begin)} ~ ${fmt(p.end)}`,
            },
            {
              title: t('fields.audit'),
              key: 'audit',
              size: 'tag',
              render: (_: unknown, p) => <AuditStateTag state={p.audit.state} />,
            },
            {
              title: t('fields.deliveryStatus'),
              dataIndex: 'deliveryStatus',
              size: 'tag',
              width: 120,
              render: (v: string) => <DeliveryStatusTag status={v} />,
            },
            {
              title: t('fields.pulled'),
              key: 'pulled',
              size: 'number',
              width: 130,
              render: (_: unknown, p) => (
                <Space>
                  {p.planPullNumber > 0 ? (
                    <span>
                      {p.alreadyPullNumber}/{p.planPullNumber}
                    </span>
                  ) : (
                    // Nothing issued yet: say so (and why, while it waits for review) rather than "0/0".
                    <Typography.Text type="secondary">
                      {t(p.deliveryStatus === 'pendingReview' ? 'plans.pulledPending' : 'plans.pulledNone')}
                    </Typography.Text>
                  )}
                  {p.lowPullRate && (
                    <Tooltip title={t('plans.lowPullRate')}>
                      <WarningOutlined style={{ color: '#faad14' }} aria-label={t('plans.lowPullRate')} />
                    </Tooltip>
                  )}
                </Space>
              ),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              size: 'actions',
              // Key columns and these actions fit a 1280 px window (the first action inline, the rest under "More").
              width: 200,
              render: (_: unknown, p) => {
                const delivered = LIVE.has(p.deliveryStatus);
                const locked = delivered || p.deliveryStatus === 'pendingReview';
                return (
                  <RowActions
                    inline={1}
                    actions={[
                      {
                        key: 'apply',
                        label: t('plans.apply'),
                        primary: true,
                        visible: canEdit && p.deliveryStatus !== 'pendingReview' && p.deliveryStatus !== 'ended',
                        onClick: () => setApplying({ plan: p, kind: 'apply' }),
                      },
                      {
                        key: 'details',
                        label: t('plans.publishDetails'),
                        onClick: () => navigate(`/ad/publishDetail?detailId=${p.id}`),
                      },
                      {
                        key: 'edit',
                        label: t('plans.edit'),
                        visible: canEdit && !locked,
                        onClick: () => setEditing(p),
                      },
                      {
                        key: 'cancel',
                        label: t('plans.applyCancel'),
                        visible: canEdit && delivered,
                        onClick: () => setApplying({ plan: p, kind: 'cancel' }),
                      },
                      {
                        key: 'pause',
                        label: t('plans.applyPause'),
                        visible: canEdit && delivered,
                        onClick: () => setApplying({ plan: p, kind: 'pause' }),
                      },
                      {
                        key: 'batchCancel',
                        label: t('plans.batchCancel'),
                        visible: Boolean(user && isOperatorRole(user.role) && delivered),
                        onClick: () => navigate(`/cancelReleaseInBatch?playListId=${p.id}`),
                      },
                      {
                        key: 'delete',
                        label: t('common.delete'),
                        danger: true,
                        visible: canEdit && !delivered,
                        confirm: t('plans.deleteConfirm', { name: p.name }),
                        onClick: async () => {
                          await remove.mutateAsync(p.id);
                          message.success(t('plans.deleted'));
                        },
                      },
                    ]}
                  />
                );
              },
            },
          ],
          {
            query: plans,
            empty: {
              filtered: Boolean(filter.name || filter.status),
              hint: t(`empty.plans.${list}`),
              who: t(list === 'all' ? 'empty.plans.whoAll' : 'empty.plans.whoDelivered'),
            },
          },
        )}
      />
      {editing && <PlanEditor open plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {applying && <ApplyDialog plan={applying.plan} kind={applying.kind} onClose={() => setApplying(null)} />}
    </Card>
  );
}

export default function PlansPage() {
  return <PlansTable list="all" />;
}
