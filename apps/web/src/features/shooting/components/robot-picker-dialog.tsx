import { Badge, Button, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTable, serverPagination } from '../../../components/list-table';
import { RegionCascader, regionFilter } from '../../../components/region-cascader';
import { regionText } from '../../../lib/regions';
import { allPlanDeviceIds, type DeviceFilter, type FiltrateDeviceDto, usePlanDevices } from '../api/devices';

/**
 * Chooses the robots of a requirement without leaving the requirement form: the robots the plan is
 * published to, searched and paged on the server; the choice is kept across pages and searches.
 */
export function RobotPickerDialog({
  open,
  planId,
  chosen,
  onCancel,
  onDone,
}: {
  open: boolean;
  planId: string;
  chosen: string[];
  onCancel: () => void;
  onDone: (robotIds: string[]) => void;
}) {
  const { t } = useTranslation(['shooting', 'devices']);
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<DeviceFilter>({});
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [selected, setSelected] = useState<string[]>(chosen);
  const [selectingAll, setSelectingAll] = useState(false);
  const devices = usePlanDevices(open ? planId : '', filter, page.start, page.limit);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's choice is taken each time it opens
  useEffect(() => {
    if (open) setSelected(chosen);
  }, [open]);

  const applyFilter = (next: DeviceFilter) => {
    setFilter(next);
    setPage((p) => ({ start: 0, limit: p.limit }));
  };

  const selectAll = async () => {
    setSelectingAll(true);
    try {
      const ids = await allPlanDeviceIds(planId, filter);
      setSelected((s) => [...new Set([...s, ...ids])]);
    } finally {
      setSelectingAll(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('picker.title')}
      okText={t('picker.done', { count: selected.length })}
      cancelText={t('cancel')}
      onOk={() => onDone(selected)}
      onCancel={onCancel}
      width={880}
      destroyOnHidden
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label={t('picker.search')}
          placeholder={t('picker.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => applyFilter({ ...filter, name: v.trim() || undefined })}
          style={{ width: 260 }}
        />
        <div style={{ width: 240 }}>
          <RegionCascader
            aria-label={t('devices.region')}
            placeholder={t('devices.region')}
            value={filter}
            onChange={(names) => applyFilter({ ...filter, ...regionFilter(names) })}
          />
        </div>
        <Select
          allowClear
          aria-label={t('devices.online')}
          placeholder={t('devices.online')}
          style={{ width: 140 }}
          value={filter.online === undefined ? undefined : String(filter.online)}
          onChange={(v?: string) => applyFilter({ ...filter, online: v === undefined ? undefined : v === 'true' })}
          options={[
            { value: 'true', label: t('devices.isOnline') },
            { value: 'false', label: t('devices.isOffline') },
          ]}
        />
        <Button onClick={() => void selectAll()} loading={selectingAll} disabled={!devices.data?.total}>
          {t('picker.selectAll', { count: devices.data?.total ?? 0 })}
        </Button>
        <Button onClick={() => setSelected([])} disabled={selected.length === 0}>
          {t('picker.clear')}
        </Button>
        <Typography.Text type="secondary" data-testid="picker-count">
          {t('create.robots', { count: selected.length })}
        </Typography.Text>
      </Space>
      <Table<FiltrateDeviceDto>
        rowKey="robotId"
        size="small"
        dataSource={devices.data?.datas ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        pagination={serverPagination(page, devices.data?.total, setPage)}
        {...listTable<FiltrateDeviceDto>(
          [
            { title: t('fields.robotName'), dataIndex: 'name', size: 'name' },
            { title: t('fields.robotId'), dataIndex: 'robotId', size: 'code' },
            {
              title: t('devices.online'),
              dataIndex: 'online',
              size: 'tag',
              render: (online: boolean) => (
                <Badge
                  status={online ? 'success' : 'default'}
                  text={online ? t('devices.isOnline') : t('devices.isOffline')}
                />
              ),
            },
            {
              title: t('fields.place'),
              key: 'place',
              size: 'text',
              width: 220,
              render: (_: unknown, d) => [regionText(d), d.address].filter(Boolean).join(' ') || '-',
            },
          ],
          {
            query: devices,
            empty: { filtered: Object.values(filter).some((v) => v !== undefined), hint: t('devices.emptyHint') },
          },
        )}
      />
    </Modal>
  );
}
