import { hasImportExtension, IMPORT_MAX_BYTES } from '@robot-ads/contracts/devices/devices.rules';
import type { OwnerImport } from '@robot-ads/contracts/devices/devices.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Steps, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDropZone, ImportRowResult } from '../../../components/import-drop-zone';
import { downloadUrl, uploadForm } from '../../../lib/api-upload';
import { lang } from '../../../lib/i18n';

const IMPORT_PATH = '/api/Proprietors/importOwners';

/**
 * Bulk creation of owner accounts with their property and robots from an Excel file: the server checks
 * every row (reasons by row number, in the user's language); only a file without a refused row can be
 * created, all rows at once in one transaction. The steps show where the import is.
 */
export function OwnerImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<OwnerImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'creating' | null>(null);

  const reset = () => {
    setFile(null);
    setCheck(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = (chosen: File, confirm: boolean) => {
    const form = new FormData();
    if (confirm) form.append('confirm', 'true');
    form.append('file', chosen, chosen.name);
    return uploadForm<OwnerImport>(IMPORT_PATH, form, { silent: true });
  };

  const choose = async (chosen: File) => {
    reset();
    if (!hasImportExtension(chosen.name)) return setError(t('ownerImport.wrongType'));
    if (chosen.size > IMPORT_MAX_BYTES) return setError(t('ownerImport.tooLarge'));
    setFile(chosen);
    setBusy('checking');
    try {
      setCheck(await send(chosen, false));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const create = async () => {
    if (!file) return;
    setBusy('creating');
    try {
      const result = await send(file, true);
      setCheck(result);
      if (result.created > 0) {
        await client.invalidateQueries({ queryKey: ['owners'] });
        message.success(t('ownerImport.created', { count: result.created }));
        close();
      }
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const refused = check ? check.total - check.validCount : 0;
  const step = busy === 'creating' ? 2 : check ? 1 : 0;
  return (
    <Modal
      open={open}
      title={t('ownerImport.title')}
      width={900}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('ownerImport.cancel')}</Button>
          <Button
            type="primary"
            disabled={!check || refused > 0 || check.total === 0}
            loading={busy === 'creating'}
            onClick={create}
          >
            {t('ownerImport.create', { count: check?.total ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Steps
          size="small"
          current={step}
          status={error || refused > 0 ? 'error' : busy ? 'process' : undefined}
          items={[
            { title: t('ownerImport.stepUpload') },
            { title: t('ownerImport.stepCheck') },
            { title: t('ownerImport.stepCreate') },
          ]}
        />
        <ImportDropZone
          templateHref={downloadUrl('/api/Proprietors/importTemplate', { language: lang() })}
          templateText={t('ownerImport.template')}
          busy={busy !== null}
          text={
            busy === 'checking'
              ? t('ownerImport.checking')
              : busy === 'creating'
                ? t('ownerImport.creating')
                : t('ownerImport.drop')
          }
          hint={t('ownerImport.hint')}
          error={error}
          onFile={choose}
        />
        {check && (
          <>
            <Alert
              type={refused === 0 ? 'success' : 'warning'}
              showIcon
              message={
                refused === 0
                  ? t('ownerImport.allValid', { count: check.total })
                  : t('ownerImport.someRefused', { total: check.total, refused })
              }
            />
            <Table
              size="small"
              rowKey="row"
              dataSource={check.rows}
              pagination={{ pageSize: 8, showSizeChanger: false }}
              columns={[
                { title: t('ownerImport.row'), dataIndex: 'row', width: 70 },
                { title: t('fields.username'), dataIndex: 'username' },
                { title: t('owners.property'), dataIndex: 'propertyName' },
                {
                  title: t('owners.robots'),
                  dataIndex: 'robotIds',
                  render: (ids: string[]) => ids.join(', '),
                },
                {
                  title: t('ownerImport.reason'),
                  key: 'reason',
                  render: (_: unknown, r) => <ImportRowResult ok={r.ok} msg={r.msg} okText={t('ownerImport.ok')} />,
                },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
