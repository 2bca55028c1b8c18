import { InboxOutlined } from '@ant-design/icons';
import { checkBatch, formatBytes, TEMPLATE_SLOTS, UPLOAD_LIMITS } from '@robot-ads/contracts/media/media.rules';
import { Alert, Button, List, Modal, Progress, Select, Space, Tag, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkInBrowser,
  failureText,
  newKey,
  refusalText,
  registerMaterial,
  sendToStorage,
  UploadCanceled,
  uploadCredentials,
} from '../../../lib/media-upload';
import { useInvalidateMaterials } from '../api/resources';

type Status = 'checking' | 'waiting' | 'uploading' | 'registering' | 'done' | 'refused' | 'failed' | 'canceled';

interface Item {
  uid: string;
  file: File;
  status: Status;
  percent: number;
  error?: string;
  controller: AbortController;
}

const STATUS_COLOR: Record<Status, string> = {
  checking: 'default',
  waiting: 'default',
  uploading: 'processing',
  registering: 'processing',
  done: 'success',
  refused: 'error',
  failed: 'error',
  canceled: 'warning',
};

/**
 * Multi-file upload: every file is checked in the browser with the shared rules, sent straight to
 * storage with its own progress bar (cancellable), then checked again and registered by the server.
 * Each refusal names the file and the rule.
 */
export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('resources');
  const invalidate = useInvalidateMaterials();
  const [slotKey, setSlotKey] = useState('1-1');
  const [items, setItems] = useState<Item[]>([]);
  const [batchError, setBatchError] = useState<string | null>(null);
  const queue = useRef<File[]>([]);
  const [template, slot] = slotKey.split('-').map(Number) as [number, number];

  const patch = (uid: string, next: Partial<Item>) =>
    setItems((list) => list.map((it) => (it.uid === uid ? { ...it, ...next } : it)));

  async function process(item: Item) {
    const target = { template, slot };
    patch(item.uid, { status: 'checking' });
    const { refusal, kind, ext } = await checkInBrowser(item.file, target);
    if (refusal || !kind || !ext) {
      patch(item.uid, { status: 'refused', error: refusal ? refusalText(refusal) : t('upload.unreadable') });
      return;
    }
    try {
      patch(item.uid, { status: 'uploading', percent: 0 });
      const creds = await uploadCredentials();
      const key = newKey(creds, kind, ext);
      await sendToStorage(item.file, key, creds, (percent) => patch(item.uid, { percent }), item.controller.signal);
      patch(item.uid, { status: 'registering', percent: 100 });
      await registerMaterial(key, item.file, target);
      patch(item.uid, { status: 'done' });
      await invalidate();
    } catch (error) {
      if (error instanceof UploadCanceled) patch(item.uid, { status: 'canceled', error: error.message });
      else patch(item.uid, { status: 'failed', error: failureText(error) });
    }
  }

  async function start(files: File[]) {
    const refusal = checkBatch(files);
    if (refusal) {
      setBatchError(refusalText(refusal));
      return;
    }
    setBatchError(null);
    const fresh = files.map((file) => ({
      uid: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
      file,
      status: 'waiting' as Status,
      percent: 0,
      controller: new AbortController(),
    }));
    setItems((list) => [...fresh, ...list]);
    // Three at a time: a batch of 50 neither floods the connection nor waits in one line.
    let next = 0;
    const worker = async () => {
      while (next < fresh.length) {
        const item = fresh[next++]!;
        await process(item);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  }

  const busy = items.some((i) => ['waiting', 'checking', 'uploading', 'registering'].includes(i.status));
  const close = () => {
    for (const item of items) item.controller.abort();
    setItems([]);
    setBatchError(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('upload.title')}
      onCancel={close}
      width={720}
      footer={<Button onClick={close}>{busy ? t('upload.cancelAll') : t('upload.close')}</Button>}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <span>{t('fields.slot')}</span>
          <Select
            aria-label={t('fields.slot')}
            data-testid="upload-slot"
            value={slotKey}
            style={{ width: 320 }}
            onChange={setSlotKey}
            options={TEMPLATE_SLOTS.map((s) => ({
              value: `${s.template}-${s.slot}`,
              label: t('upload.slotOption', {
                template: s.template,
                slot: s.slot,
                size: `${s.sizes[0]!.width}x${s.sizes[0]!.height}`,
              }),
            }))}
          />
        </Space>
        <Typography.Text type="secondary">
          {t('upload.rules', {
            files: UPLOAD_LIMITS.batchFiles,
            batch: formatBytes(UPLOAD_LIMITS.batchBytes),
            material: formatBytes(UPLOAD_LIMITS.materialBytes),
          })}
        </Typography.Text>
        <Upload.Dragger
          multiple
          showUploadList={false}
          beforeUpload={(file, fileList) => {
            // antd calls this once per file; start once with the whole selection.
            queue.current.push(file);
            if (queue.current.length === fileList.length) {
              const all = queue.current;
              queue.current = [];
              void start(all);
            }
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('upload.drop')}</p>
          <p className="ant-upload-hint">{t('upload.hint')}</p>
        </Upload.Dragger>
        {batchError && <Alert type="error" showIcon message={batchError} data-testid="upload-batch-error" />}
        <List
          dataSource={items}
          locale={{ emptyText: ' ' }}
          renderItem={(item) => (
            <List.Item
              data-testid="upload-item"
              data-status={item.status}
              actions={
                item.status === 'uploading'
                  ? [
                      <Button key="cancel" size="small" onClick={() => item.controller.abort()}>
                        {t('upload.cancel')}
                      </Button>,
                    ]
                  : []
              }
            >
              <div style={{ width: '100%' }}>
                <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                  <Typography.Text strong>{item.file.name}</Typography.Text>
                  <Space>
                    <Typography.Text type="secondary">{formatBytes(item.file.size)}</Typography.Text>
                    <Tag color={STATUS_COLOR[item.status]}>{t(`upload.status.${item.status}`)}</Tag>
                  </Space>
                </Space>
                {(item.status === 'uploading' || item.status === 'registering' || item.status === 'done') && (
                  <Progress
                    percent={item.percent}
                    size="small"
                    status={item.status === 'done' ? 'success' : 'active'}
                    aria-label={t('common:a11y.uploadProgress')}
                  />
                )}
                {item.error && (
                  <Typography.Text type="danger" data-testid="upload-error">
                    {item.error}
                  </Typography.Text>
                )}
              </div>
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}
