import { PlusOutlined } from '@ant-design/icons';
import { cancelRefusal, hasShootSearchCriterion } from '@robot-ads/contracts/shooting/shooting.rules';
import { App, Button, Card, Form, Input, Popconfirm, Progress, Space, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { listTable, serverPagination } from '../../../components/list-table';
import { SearchForm } from '../../../components/search-form';
import {
  type RequirementFilter,
  type ShootRequirementDto,
  useCancelRequirement,
  useRepushRequirement,
  useRequirements,
} from '../api/requirements';
import { CreateRequirementDialog } from '../components/create-requirement-dialog';
import { TasksDrawer } from '../components/tasks-drawer';

interface Search {
  id?: string;
  name?: string;
  planName?: string;
  planId?: string;
}

const STATE_COLOURS: Record<string, string> = {
  pushing: 'processing',
  pushFailed: 'error',
  ongoing: 'blue',
  finished: 'success',
  cancelled: 'default',
};

/** What /adshootingmanage/filtrateDevice hands over when the robots are chosen. */
export interface ChosenRobots {
  planId: string;
  robotIds: string[];
}

/**
 * /adshootingmanage/index: the shooting requirements (search by one of requirement ID, name, plan name
 * or plan ID), their live progress, the form to ask for photos, cancel and repush by the rules.
 */
export default function RequirementsPage() {
  const { t } = useTranslation('shooting');
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Search>();
  const [filter, setFilter] = useState<RequirementFilter>({ start: 0, limit: 10 });
  const [creating, setCreating] = useState<Partial<ChosenRobots> | null>(null);
  const [tasksOf, setTasksOf] = useState<ShootRequirementDto | null>(null);
  const page = useRequirements(filter);
  const cancel = useCancelRequirement();
  const repush = useRepushRequirement();

  // Robots chosen on the device list come back here with the plan: the form opens with them.
  useEffect(() => {
    const chosen = (location.state as { chosen?: ChosenRobots } | null)?.chosen;
    if (chosen) {
      setCreating(chosen);
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, navigate]);

  const search = (values: Search) => {
    if (!hasShootSearchCriterion(values)) {
      message.warning(t('searchNeedsOne'));
      return;
    }
    setFilter((f) => ({
      start: 0,
      limit: f.limit,
      id: values.id?.trim() || undefined,
      name: values.name?.trim() || undefined,
      planName: values.planName?.trim() || undefined,
      planId: values.planId?.trim() || undefined,
    }));
  };

  const doCancel = (row: ShootRequirementDto) =>
    cancel.mutateAsync(row.id).then(() => {
      message.success(t('cancelled'));
    });

  return (
    <Card
      title={t('requirements.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating({})}>
          {t('create.title')}
        </Button>
      }
    >
      <SearchForm
        form={form}
        name="shootRequirements"
        onSearch={search}
        onReset={() => setFilter((f) => ({ start: 0, limit: f.limit }))}
        searchText={t('search')}
        resetText={t('reset')}
      >
        <Form.Item name="id" label={t('fields.id')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="planName" label={t('fields.planName')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="planId" label={t('fields.planId')}>
          <Input allowClear />
        </Form.Item>
      </SearchForm>
      <Table<ShootRequirementDto>
        rowKey="id"
        dataSource={page.data?.datas ?? []}
        pagination={serverPagination(filter, page.data?.total, (p) => setFilter((f) => ({ ...f, ...p })))}
        {...listTable<ShootRequirementDto>(
          [
            { title: t('fields.id'), dataIndex: 'id', size: 'code', width: 220, minScreen: 1920 },
            { title: t('fields.name'), dataIndex: 'name', size: 'name' },
            { title: t('fields.planName'), dataIndex: 'planName', size: 'name', minScreen: 1440 },
            { title: t('fields.planId'), dataIndex: 'planShortId', size: 'code', minScreen: 1920 },
            {
              title: t('fields.window'),
              key: 'window',
              size: 'period',
              render: (_: unknown, r) => `${r.shootDate} ${r.beginTime}-${r.endTime}`,
            },
            {
              title: t('fields.state'),
              dataIndex: 'state',
              size: 'tag',
              width: 130,
              render: (state: string) => <Tag color={STATE_COLOURS[state]}>{t(`states.${state}`)}</Tag>,
            },
            {
              title: t('fields.progress'),
              key: 'progress',
              size: 'text',
              width: 180,
              render: (_: unknown, r) => {
                const { total, taken, failed, waiting } = r.progress;
                return (
                  <Tooltip title={t('progress', { taken, failed, waiting })}>
                    <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                      <Progress
                        size="small"
                        percent={total ? Math.round(((taken + failed) / total) * 100) : 0}
                        success={{ percent: total ? Math.round((taken / total) * 100) : 0 }}
                        showInfo={false}
                        aria-label={t('progress', { taken, failed, waiting })}
                      />
                      <span data-testid="requirement-progress">{t('progress', { taken, failed, waiting })}</span>
                    </Space>
                  </Tooltip>
                );
              },
            },
            {
              title: t('fields.createtime'),
              dataIndex: 'createtime',
              size: 'time',
              minScreen: 1600,
              render: (s: number) => dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss'),
            },
            {
              title: t('actions'),
              key: 'actions',
              size: 'actions',
              width: 260,
              render: (_: unknown, r) => {
                const refusal = cancelRefusal(r.state);
                return (
                  <Space size={4}>
                    <Button size="small" type="link" onClick={() => setTasksOf(r)}>
                      {t('requirements.tasks')}
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => navigate(`/adshootingmanage/shootingRecord?requirementId=${r.id}`)}
                    >
                      {t('requirements.records')}
                    </Button>
                    {r.state === 'pushFailed' ? (
                      <Button size="small" type="link" loading={repush.isPending} onClick={() => repush.mutate(r.id)}>
                        {t('requirements.repush')}
                      </Button>
                    ) : null}
                    {r.state !== 'cancelled' && r.state !== 'finished' && (
                      <Popconfirm
                        title={t('requirements.cancelConfirm', { name: r.name })}
                        okText={t('confirm')}
                        cancelText={t('cancel')}
                        onConfirm={() => doCancel(r)}
                      >
                        <Tooltip title={refusal ? t(`cancelRefusals.${refusal}`) : undefined}>
                          <Button size="small" type="link" danger>
                            {t('requirements.cancel')}
                          </Button>
                        </Tooltip>
                      </Popconfirm>
                    )}
                  </Space>
                );
              },
            },
          ],
          {
            query: page,
            empty: {
              filtered: hasShootSearchCriterion(filter),
              hint: t('requirements.emptyHint'),
            },
          },
        )}
      />
      <CreateRequirementDialog open={creating !== null} initial={creating ?? {}} onClose={() => setCreating(null)} />
      {tasksOf && <TasksDrawer requirement={tasksOf} onClose={() => setTasksOf(null)} />}
    </Card>
  );
}
