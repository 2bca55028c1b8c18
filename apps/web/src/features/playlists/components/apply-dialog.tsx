import { UploadOutlined } from '@ant-design/icons';
import { planSlots } from '@robot-ads/contracts/playlists/slots.rules';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceImportDialog } from '../../../components/device-import-dialog';
import { PickerEmpty } from '../../../components/picker-empty';
import { submitForm } from '../../../lib/form-errors';
import { type Plan, useAccountOptions, useApply, useDeviceOptions, useGroupOptions } from '../api/plans';

export type ApplyKind = 'apply' | 'cancel' | 'pause';

interface Values {
  adGroupIds?: string[];
  accounts?: string[];
  reason?: string;
  window?: [Dayjs, Dayjs];
}

/**
 * Applications for a plan: delivery to robots (typed or imported from Excel), device groups or property
 * accounts; a cancellation with its reason; a pause with reason, start and end.
 */
export function ApplyDialog({ plan, kind, onClose }: { plan: Plan; kind: ApplyKind; onClose: () => void }) {
  const { t } = useTranslation('delivery');
  const { message } = App.useApp();
  const apply = useApply();
  const [mode, setMode] = useState<'robots' | 'adGroups' | 'accounts'>('robots');
  const [robotIds, setRobotIds] = useState<string[]>([]);
  const [importOpen, setImportOpen] = useState(false);
  const [groupSearch, setGroupSearch] = useState('');
  const [accountSearch, setAccountSearch] = useState('');
  const [deviceSearch, setDeviceSearch] = useState('');
  const devices = useDeviceOptions(deviceSearch, kind === 'apply' && mode === 'robots');
  const groups = useGroupOptions(groupSearch, kind === 'apply' && mode === 'adGroups');
  const accounts = useAccountOptions(accountSearch, kind === 'apply' && mode === 'accounts');
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const needed = planSlots(plan);

  const submit = () => submitForm(form, setError, send);

  const send = async (v: Values) => {
    setError(null);
    const body: Record<string, unknown> = { playListId: plan.id, type: kind, reason: v.reason ?? '' };
    if (kind === 'apply') {
      body.deliveryMode = mode;
      if (mode === 'robots') body.robotIds = robotIds;
      if (mode === 'adGroups') body.adGroupIds = v.adGroupIds ?? [];
      if (mode === 'accounts') body.accounts = v.accounts ?? [];
    }
    if (kind === 'pause' && v.window) {
      body.pauseBegin = v.window[0].unix();
      body.pauseEnd = v.window[1].unix();
    }
    await apply.mutateAsync(body);
    message.success(t('apply.sent'));
    onClose();
  };

  const title = t(`apply.title.${kind}`, { name: plan.name });
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={submit}
      okText={t('apply.submit')}
      confirmLoading={apply.isPending}
      width={640}
    >
      <Form form={form} layout="vertical">
        {kind === 'apply' && (
          <>
            <Form.Item label={t('apply.mode')}>
              <Radio.Group
                value={mode}
                onChange={(e) => setMode(e.target.value)}
                options={[
                  { value: 'robots', label: t('apply.modes.robots') },
                  { value: 'adGroups', label: t('apply.modes.adGroups') },
                  { value: 'accounts', label: t('apply.modes.accounts') },
                ]}
              />
            </Form.Item>
            {mode === 'robots' && (
              <Form.Item label={t('apply.devices')} required>
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text type="secondary">{t('apply.slotsNeeded', { slots: needed })}</Typography.Text>
                  <Select
                    mode="tags"
                    value={robotIds}
                    onChange={setRobotIds}
                    tokenSeparators={[',', ' ', '\n']}
                    placeholder={t('apply.robotIdsPlaceholder')}
                    aria-label={t('apply.devices')}
                    showSearch={{ filterOption: false, onSearch: setDeviceSearch }}
                    loading={devices.isFetching}
                    notFoundContent={
                      devices.isFetching ? undefined : (
                        <PickerEmpty
                          why={t('apply.noDeviceWhy')}
                          nextStep={t('apply.noDeviceNext')}
                          searched={deviceSearch !== ''}
                        />
                      )
                    }
                    options={(devices.data?.datas ?? []).map((d) => ({
                      value: d.robotId,
                      label: `${d.name} (${d.robotId}) · ${d.propertyname}`,
                    }))}
                  />
                  <Space>
                    <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
                      {t('apply.import')}
                    </Button>
                    {robotIds.length > 0 && <Tag color="blue">{t('apply.chosen', { count: robotIds.length })}</Tag>}
                  </Space>
                </Space>
              </Form.Item>
            )}
            {mode === 'adGroups' && (
              <Form.Item
                name="adGroupIds"
                label={t('apply.modes.adGroups')}
                rules={[{ required: true, type: 'array', min: 1 }]}
              >
                <Select
                  mode="multiple"
                  showSearch
                  filterOption={false}
                  onSearch={setGroupSearch}
                  options={(groups.data ?? []).slice(0, 100).map((g) => ({ value: g.id, label: g.name }))}
                />
              </Form.Item>
            )}
            {mode === 'accounts' && (
              <Form.Item
                name="accounts"
                label={t('apply.modes.accounts')}
                rules={[{ required: true, type: 'array', min: 1 }]}
              >
                <Select
                  mode="multiple"
                  showSearch
                  filterOption={false}
                  onSearch={setAccountSearch}
                  options={(accounts.data?.datas ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.robots})` }))}
                />
              </Form.Item>
            )}
            <Form.Item name="reason" label={t('apply.note')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </>
        )}
        {kind !== 'apply' && (
          <Form.Item
            name="reason"
            label={kind === 'cancel' ? t('apply.cancelReason') : t('apply.pauseReason')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: kind === 'cancel' ? t('apply.cancelReasonRequired') : t('apply.pauseReasonRequired'),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        )}
        {kind === 'pause' && (
          <Form.Item name="window" label={t('apply.pauseWindow')} rules={[{ required: true }]}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
      </Form>
      {error && <Alert type="error" showIcon message={error} />}
      {importOpen && (
        <DeviceImportDialog
          open
          title={t('apply.import')}
          checkPath="/api/Devices/importCheck"
          fields={{ requiredSlots: String(needed), robotIds: robotIds.join(',') }}
          onClose={() => setImportOpen(false)}
          onAccept={async (ids) => {
            setRobotIds((prev) => [...new Set([...prev, ...ids])]);
            setImportOpen(false);
          }}
        />
      )}
    </Modal>
  );
}
