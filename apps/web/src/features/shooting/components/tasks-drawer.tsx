import { Drawer, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable, serverPagination } from '../../../components/list-table';
import { type ShootRequirementDto, type ShootTaskDto, useTasks } from '../api/requirements';

const TASK_COLOURS: Record<string, string> = {
  notIssued: 'default',
  inProgress: 'processing',
  issueFailed: 'error',
  ongoing: 'processing',
  success: 'success',
  fail: 'error',
  notTaken: 'warning',
  cancelled: 'default',
};
const fmt = (s: number | null) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss') : '-');

/** Each robot's task of one requirement, with its state (refreshed while some are open). */
export function TasksDrawer({ requirement, onClose }: { requirement: ShootRequirementDto; onClose: () => void }) {
  const { t } = useTranslation('shooting');
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const tasks = useTasks(requirement.id, page.start, page.limit);
  return (
    <Drawer open title={t('tasks.title', { name: requirement.name })} size="large" onClose={onClose}>
      <Table<ShootTaskDto>
        rowKey="id"
        dataSource={tasks.data?.datas ?? []}
        pagination={serverPagination(page, tasks.data?.total, setPage)}
        {...listTable<ShootTaskDto>(
          [
            { title: t('fields.robotId'), dataIndex: 'robotId', size: 'code' },
            { title: t('fields.robotName'), dataIndex: 'robotName', size: 'name' },
            { title: t('fields.place'), dataIndex: 'place', size: 'text' },
            {
              title: t('fields.state'),
              dataIndex: 'state',
              size: 'tag',
              width: 150,
              render: (state: string) => <Tag color={TASK_COLOURS[state]}>{t(`taskStates.${state}`)}</Tag>,
            },
            { title: t('tasks.finishedAt'), dataIndex: 'finishedAt', size: 'time', render: fmt },
            {
              title: t('tasks.failReason'),
              dataIndex: 'failReason',
              size: 'long',
              render: (v: string | null) => v || '-',
            },
          ],
          { query: tasks, empty: { hint: t('tasks.empty') } },
        )}
      />
    </Drawer>
  );
}
