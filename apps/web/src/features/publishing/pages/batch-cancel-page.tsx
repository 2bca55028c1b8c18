import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DeviceImportDialog } from '../../../components/device-import-dialog';
import { submitForm } from '../../../lib/form-errors';
import { useCancelByRobots, usePlanOptions } from '../api/publishing';

/** /cancelReleaseInBatch: cancel a plan on devices imported from Excel (checked row by row), with a reason. */
export default function BatchCancelPage() {
  const { t } = useTranslation('delivery');
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [playListId, setPlayListId] = useState<string | undefined>(params.get('playListId') ?? undefined);
  const [search, setSearch] = useState('');
  const plans = usePlanOptions(search);
  const [robotIds, setRobotIds] = useState<string[]>([]);
  const [importOpen, setImportOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelByRobots();
  const [done, setDone] = useState<number | null>(null);

  return (
    <Card title={t('batch.title')}>
      <Form form={form} layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item label={t('fields.planName')} required>
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            value={playListId}
            onChange={(v) => {
              setPlayListId(v);
              setRobotIds([]);
              setDone(null);
            }}
            aria-label={t('fields.planName')}
            options={(plans.data?.datas ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item label={t('apply.devices')} required>
          <Space>
            <Button icon={<UploadOutlined />} disabled={!playListId} onClick={() => setImportOpen(true)}>
              {t('apply.import')}
            </Button>
            {robotIds.length > 0 && <Tag color="blue">{t('apply.chosen', { count: robotIds.length })}</Tag>}
          </Space>
        </Form.Item>
        {robotIds.length > 0 && (
          <Table
            size="small"
            rowKey="id"
            style={{ marginBottom: 16 }}
            dataSource={robotIds.map((id) => ({ id }))}
            columns={[{ title: t('fields.robotId'), dataIndex: 'id' }]}
            pagination={{ pageSize: 10 }}
          />
        )}
        <Form.Item
          name="reason"
          label={t('apply.cancelReason')}
          rules={[{ required: true, whitespace: true, message: t('apply.cancelReasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Button
          type="primary"
          danger
          disabled={!playListId || robotIds.length === 0}
          loading={cancel.isPending}
          onClick={() =>
            submitForm(form, message.error, async (v) => {
              const res = await cancel.mutateAsync({ playListId: playListId as string, robotIds, reason: v.reason });
              setDone(res.cancelled);
              setRobotIds([]);
              message.success(t('batch.done', { count: res.cancelled }));
            })
          }
        >
          {t('batch.submit')}
        </Button>
      </Form>
      {done !== null && (
        <Alert style={{ marginTop: 16 }} type="success" showIcon message={t('batch.done', { count: done })} />
      )}
      {importOpen && playListId && (
        <DeviceImportDialog
          open
          title={t('apply.import')}
          checkPath="/api/Publishes/queryPublishByImport"
          fields={{ playListId }}
          onClose={() => setImportOpen(false)}
          onAccept={async (ids) => {
            setRobotIds(ids);
            setImportOpen(false);
          }}
        />
      )}
    </Card>
  );
}
