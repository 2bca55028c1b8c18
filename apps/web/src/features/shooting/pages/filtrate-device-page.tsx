import { DownloadOutlined } from '@ant-design/icons';
import { DEVICE_TYPES } from '@robot-ads/contracts/devices/devices.rules';
import type { RegionNames } from '@robot-ads/contracts/regions/regions';
import { planRefSchema } from '@robot-ads/contracts/shooting/shooting.schemas';
import { Badge, Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { listTable, serverPagination } from '../../../components/list-table';
import { RegionCascader, regionFilter } from '../../../components/region-cascader';
import { downloadUrl } from '../../../lib/api-upload';
import { lang } from '../../../lib/i18n';
import { regionText } from '../../../lib/regions';
import { schemaRule } from '../../../lib/rules';
import { type DeviceFilter, deviceExportQuery, type FiltrateDeviceDto, usePlanDevices } from '../api/devices';

interface Search {
  planId: string;
  robotId?: string;
  name?: string;
  type?: DeviceFilter['type'];
  /** Province / city / district from the region list (stored Chinese names). */
  region?: RegionNames;
  sceneName?: string;
  propertyname?: string;
  online?: 'true' | 'false';
}

/**
 * /adshootingmanage/filtrateDevice: the robots a plan is published to, filtered on the server; the chosen
 * ones go to the requirement form, and the list downloads as xlsx.
 */
export default function FiltrateDevicePage() {
  const { t } = useTranslation(['shooting', 'devices']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Search>();
  const [planId, setPlanId] = useState(params.get('planId')?.trim() ?? '');
  const [filter, setFilter] = useState<DeviceFilter>({});
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const devices = usePlanDevices(planId, filter, page.start, page.limit);

  const search = (values: Search) => {
    const nextPlan = values.planId.trim();
    if (nextPlan !== planId) setSelected([]);
    setPlanId(nextPlan);
    setPage((p) => ({ start: 0, limit: p.limit }));
    setFilter({
      robotId: values.robotId?.trim() || undefined,
      name: values.name?.trim() || undefined,
      type: values.type,
      ...regionFilter(values.region),
      sceneName: values.sceneName?.trim() || undefined,
      propertyname: values.propertyname?.trim() || undefined,
      online: values.online === undefined ? undefined : values.online === 'true',
    });
  };

  const dash = (v: string | null) => v || '-';

  return (
    <Card title={t('devices.title')}>
      <Form
        form={form}
        name="shootDevices"
        layout="inline"
        initialValues={{ planId }}
        onFinish={search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="planId" label={t('fields.planId')} rules={[schemaRule(planRefSchema)]}>
          <Input allowClear style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="robotId" label={t('fields.robotId')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="name" label={t('fields.robotName')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="type" label={t('devices.type')}>
          <Select
            allowClear
            style={{ width: 180 }}
            options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`devices:types.${type}`) }))}
          />
        </Form.Item>
        <Form.Item name="region" label={t('devices.region')} style={{ width: 300 }}>
          <RegionCascader aria-label={t('devices.region')} />
        </Form.Item>
        <Form.Item name="sceneName" label={t('devices.scene')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="propertyname" label={t('devices.property')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="online" label={t('devices.online')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'true', label: t('devices.isOnline') },
              { value: 'false', label: t('devices.isOffline') },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('search')}
        </Button>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button
          type="primary"
          disabled={selected.length === 0}
          onClick={() => navigate('/adshootingmanage/index', { state: { chosen: { planId, robotIds: selected } } })}
        >
          {t('devices.useChosen', { count: selected.length })}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          disabled={!planId}
          href={
            planId
              ? downloadUrl('/api/ShootingRequirements/exportFiltrateDevice', deviceExportQuery(planId, filter, lang()))
              : undefined
          }
        >
          {t('devices.export')}
        </Button>
        {!planId && <Typography.Text type="secondary">{t('devices.planFirst')}</Typography.Text>}
      </Space>
      <Table<FiltrateDeviceDto>
        rowKey="robotId"
        dataSource={planId ? (devices.data?.datas ?? []) : []}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        pagination={serverPagination(page, devices.data?.total, setPage)}
        {...listTable<FiltrateDeviceDto>(
          [
            { title: t('fields.robotId'), dataIndex: 'robotId', size: 'code' },
            { title: t('fields.robotName'), dataIndex: 'name', size: 'name' },
            {
              title: t('devices.type'),
              dataIndex: 'type',
              size: 'text',
              render: (type: string) => t(`devices:types.${type}`, { defaultValue: type }),
            },
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
            { title: t('devices.scene'), dataIndex: 'sceneName', size: 'text', render: dash },
            { title: t('devices.property'), dataIndex: 'propertyname', size: 'text', render: dash },
            {
              title: t('devices.publishState'),
              dataIndex: 'publishState',
              size: 'tag',
              render: (s: string) => t(`devices.publishStates.${s}`, { defaultValue: s }),
            },
          ],
          {
            query: devices,
            empty: { filtered: Object.values(filter).some((v) => v !== undefined), hint: t('devices.emptyHint') },
          },
        )}
      />
    </Card>
  );
}
