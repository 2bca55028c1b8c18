import { hasImportExtension, IMPORT_MAX_BYTES } from '@robot-ads/contracts/devices/devices.rules';
import type { importCheckSchema } from '@robot-ads/contracts/devices/devices.schemas';
import { Alert, Button, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { downloadUrl, uploadForm } from '../lib/api-upload';
import { lang } from '../lib/i18n';
import { ImportDropZone, ImportRowResult } from './import-drop-zone';

type ImportCheck = z.infer<typeof importCheckSchema>;

/**
 * The Excel import of device IDs (spec sections 5 and 8), shared by device groups and publishing: the
 * file is checked on the server row by row; nothing is added until the user accepts the valid rows.
 */
export function DeviceImportDialog({
  open,
  onClose,
  checkPath,
  fields = {},
  onAccept,
  title,
}: {
  open: boolean;
  onClose: () => void;
  /** e.g. /api/AdvertGroups/importCheck or /api/Devices/importCheck */
  checkPath: string;
  fields?: Record<string, string>;
  onAccept: (robotIds: string[]) => Promise<void>;
  title?: string;
}) {
  const { t } = useTranslation('devices');
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setCheck(null);
    setError(null);
  };

  const upload = async (file: File) => {
    reset();
    if (!hasImportExtension(file.name)) return setError(t('import.wrongType'));
    if (file.size > IMPORT_MAX_BYTES) return setError(t('import.tooLarge'));
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, file.name);
    setBusy(true);
    try {
      setCheck(await uploadForm<ImportCheck>(checkPath, form, { silent: true }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const invalid = check ? check.total - check.validCount : 0;
  return (
    <Modal
      open={open}
      title={title ?? t('import.title')}
      width={760}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
      footer={
        <Space>
          <Button
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="primary"
            disabled={!check || check.validCount === 0}
            loading={busy && !!check}
            onClick={async () => {
              if (!check) return;
              setBusy(true);
              try {
                await onAccept(check.valid);
                reset();
                onClose();
              } finally {
                setBusy(false);
              }
            }}
          >
            {check && check.validCount === 0
              ? t('import.acceptNone')
              : t('import.accept', { count: check?.validCount ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <ImportDropZone
          templateHref={downloadUrl('/api/Devices/importTemplate', { language: lang() })}
          templateText={t('import.template')}
          busy={busy}
          text={busy && !check ? t('import.checking') : t('import.drop')}
          error={error}
          onFile={upload}
        />
        {check && (
          <>
            <Alert
              type={invalid === 0 ? 'success' : 'warning'}
              showIcon
              message={t('import.summary', { total: check.total, valid: check.validCount, invalid })}
            />
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.robotId}`}
              dataSource={check.rows}
              pagination={{ pageSize: 8, showSizeChanger: false }}
              columns={[
                { title: t('import.row'), dataIndex: 'row', width: 70 },
                { title: t('fields.robotId'), dataIndex: 'robotId' },
                { title: t('fields.name'), dataIndex: 'name', render: (v: string | null) => v ?? '-' },
                {
                  title: t('import.reason'),
                  dataIndex: 'msg',
                  render: (_: unknown, r) => <ImportRowResult ok={r.ok} msg={r.msg} okText={t('import.ok')} />,
                },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
