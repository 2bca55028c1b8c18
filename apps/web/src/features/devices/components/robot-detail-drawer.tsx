import { isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { LIST_TYPES, SALES_TYPES, SCREEN_RATIOS } from '@robot-ads/contracts/devices/devices.rules';
import { amountSchema, nameSchema } from '@robot-ads/contracts/devices/devices.schemas';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Tabs,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceTypeIcon } from '../../../components/device-type-icon';
import { lang } from '../../../lib/i18n';
import { regionText } from '../../../lib/regions';
import { sessionStore } from '../../../lib/session';
import { industryText } from '../../../lib/vocabulary';
import { type RobotDetail, useIssueSecret, useRevokeToken, useRobot, useSetInfo } from '../api/devices';
import { StateTag } from './state-tag';

const fmt = (s: number | null) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss') : '-');

function EditForm({ robot, operator, onDone }: { robot: RobotDetail; operator: boolean; onDone: () => void }) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const setInfo = useSetInfo();
  const [form] = Form.useForm();
  const zodRule = (schema: typeof nameSchema | typeof amountSchema) => ({
    validator: async (_: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(messageFor(parsed.error.issues[0]?.message ?? 'VALIDATION_FAILED', lang()));
    },
  });
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        name: robot.name,
        sceneName: robot.sceneName ?? '',
        postAds: robot.postAds,
        listType: robot.listType,
        salesType: robot.salesType,
        isThereAContract: robot.isThereAContract,
        screenRatio: robot.screenRatio,
        template: robot.template,
        price: robot.price ?? undefined,
        used: robot.used,
        address: robot.address ?? '',
      }}
      onFinish={async (values) => {
        const body = Object.fromEntries(
          Object.entries(values).filter(([, v]) => v !== undefined && v !== ''),
        ) as Record<string, unknown>;
        await setInfo.mutateAsync({ robotId: robot.robotId, ...body });
        message.success(t('details.saved'));
        onDone();
      }}
    >
      <Form.Item name="name" label={t('fields.name')} rules={[{ required: true }, zodRule(nameSchema)]}>
        <Input />
      </Form.Item>
      <Form.Item name="sceneName" label={t('fields.sceneName')}>
        <Input />
      </Form.Item>
      <Form.Item name="postAds" label={t('fields.postAds')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="listType" label={t('fields.listType')}>
        <Select options={LIST_TYPES.map((v) => ({ value: v, label: t(`listTypes.${v}`) }))} />
      </Form.Item>
      {operator && (
        <>
          <Form.Item name="address" label={t('fields.address')}>
            <Input />
          </Form.Item>
          <Form.Item name="used" label={t('fields.used')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="salesType" label={t('fields.salesType')}>
            <Select options={SALES_TYPES.map((v) => ({ value: v, label: t(`salesTypes.${v}`) }))} />
          </Form.Item>
          <Form.Item name="isThereAContract" label={t('fields.isThereAContract')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="screenRatio" label={t('fields.screenRatio')}>
            <Select options={SCREEN_RATIOS.map((v) => ({ value: v, label: v.replace('_', ' x ') }))} />
          </Form.Item>
          <Form.Item name="template" label={t('fields.template')}>
            <Select options={[1, 2].map((v) => ({ value: v, label: String(v) }))} />
          </Form.Item>
          <Form.Item name="price" label={t('fields.price')} rules={[zodRule(amountSchema)]}>
            <InputNumber min={0} step={1} style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={setInfo.isPending}>
        {t('common:actions.save')}
      </Button>
    </Form>
  );
}

/** Device details: every field, panoramas, connection history, remaining slots; edit and token actions. */
export function RobotDetailDrawer({ robotId, onClose }: { robotId: string | null; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const robot = useRobot(robotId);
  const role = sessionStore.use((s) => s.user?.role);
  const operator = role !== undefined && isOperatorRole(role);
  const issue = useIssueSecret();
  const revoke = useRevokeToken();
  const [secret, setSecret] = useState<string | null>(null);
  const [tab, setTab] = useState('info');
  const r = robot.data;
  const yes = (v: boolean) => (v ? t('fields.yes') : t('fields.no'));

  return (
    <Drawer
      open={robotId !== null}
      onClose={() => {
        setTab('info');
        onClose();
      }}
      width={640}
      title={r ? `${r.name} (${r.robotId})` : t('details.title')}
      loading={robot.isLoading}
      extra={
        operator && r ? (
          <Space>
            <Button
              onClick={async () => {
                const res = await issue.mutateAsync(r.robotId);
                setSecret(res.secret);
              }}
            >
              {t('details.issueSecret')}
            </Button>
            <Popconfirm
              title={t('details.revokeConfirm', { robotId: r.robotId })}
              onConfirm={async () => {
                await revoke.mutateAsync(r.robotId);
                message.success(t('details.revoked'));
              }}
            >
              <Button danger disabled={!r.hasToken}>
                {t('details.revoke')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {r && (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'info',
              label: t('details.title'),
              children: (
                <>
                  <Descriptions column={2} size="small" bordered>
                    <Descriptions.Item label={t('fields.type')}>
                      <Space>
                        <DeviceTypeIcon type={r.type} online={r.online} />
                        {t(`types.${r.type}`)}
                      </Space>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.state')}>
                      <StateTag state={r.state} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.propertyname')}>{r.propertyname ?? '-'}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.sceneName')}>{r.sceneName ?? '-'}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.area')} span={2}>
                      {regionText(r, '-')}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.address')} span={2}>
                      {r.address ?? '-'}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.coordinates')} span={2}>
                      {r.lng !== null && r.lat !== null ? `${r.lng}, ${r.lat}` : '-'}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.actTag')}>{yes(r.actTag)}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.activatedAt')}>{fmt(r.activatedAt)}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.expireTime')}>{fmt(r.expireTime)}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.used')}>{yes(r.used)}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.salesType')}>
                      {t(`salesTypes.${r.salesType}`)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.isThereAContract')}>
                      {yes(r.isThereAContract)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.postAds')}>{yes(r.postAds)}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.listType')}>{t(`listTypes.${r.listType}`)}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.screenRatio')}>
                      {r.screenRatio.replace('_', ' x ')}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.template')}>{r.template}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.remainingSlots')}>{r.remainingSlots}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.price')}>
                      {r.price !== null ? r.price.toFixed(2) : '-'}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.industryName')}>
                      {industryText(r.industryName)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.lastHeartbeat')}>{fmt(r.lastHeartbeat)}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.appVersion')}>{r.appVersion ?? '-'}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.freeStorage')}>
                      {r.freeStorage !== null ? `${(r.freeStorage / 1e9).toFixed(1)} GB` : '-'}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.token')}>
                      {r.hasToken ? t('details.hasToken') : t('details.noToken')}
                    </Descriptions.Item>
                  </Descriptions>
                  <Typography.Title level={5} style={{ marginTop: 16 }}>
                    {t('fields.panoramas')}
                  </Typography.Title>
                  {r.install.panoramaList.length === 0 ? (
                    <Empty description={t('details.noPanoramas')} />
                  ) : (
                    <Image.PreviewGroup>
                      <Space wrap>
                        {r.install.panoramaList.map((p) => (
                          <Image key={p.filePath} width={140} src={p.filePath} />
                        ))}
                      </Space>
                    </Image.PreviewGroup>
                  )}
                </>
              ),
            },
            {
              key: 'history',
              label: t('details.history'),
              children:
                r.transitions.length === 0 ? (
                  <Empty description={t('board.none')} />
                ) : (
                  <Timeline
                    items={r.transitions.map((h) => ({
                      color: h.kind === 'online' ? 'green' : 'gray',
                      children: `${fmt(h.time)} ${h.kind === 'online' ? t('board.wentOnline') : t('board.wentOffline')}`,
                    }))}
                  />
                ),
            },
            ...(operator || role === 'project'
              ? [
                  {
                    key: 'edit',
                    label: t('details.edit'),
                    children: <EditForm key={r.robotId} robot={r} operator={operator} onDone={() => setTab('info')} />,
                  },
                ]
              : []),
          ]}
        />
      )}
      <Modal
        open={secret !== null}
        title={t('details.secretTitle', { robotId: r?.robotId ?? '' })}
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
      >
        <Typography.Paragraph copyable code>
          {secret}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('details.secretHint')}</Typography.Text>
      </Modal>
    </Drawer>
  );
}
