import { InboxOutlined } from '@ant-design/icons';
import { hasImportExtension, IMPORT_MAX_BYTES } from '@robot-ads/contracts/devices/devices.rules';
import { Alert, App, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useImportLeads } from '../api/leads';

/** xlsx import of leads: the file is checked as a whole; its problems are listed by row, or every row is added. */
export function LeadImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const { message } = App.useApp();
  const upload = useImportLeads();
  const [errors, setErrors] = useState<{ row: number; message: string }[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (file: File) => {
    setErrors([]);
    setFailure(null);
    if (!hasImportExtension(file.name)) return setFailure(t('leads.wrongType'));
    if (file.size > IMPORT_MAX_BYTES) return setFailure(t('leads.tooLarge'));
    try {
      const result = await upload.mutateAsync(file);
      if (result.errors.length) setErrors(result.errors);
      else {
        message.success(t('leads.imported', { count: result.added }));
        onClose();
      }
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : (err as Error).message);
    }
  };
  return (
    <Modal open={open} title={t('leads.importTitle')} footer={null} onCancel={onClose} destroyOnHidden>
      <Upload.Dragger
        accept=".xlsx,.xls"
        maxCount={1}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('leads.importHint')}</p>
      </Upload.Dragger>
      {failure && <Alert style={{ marginTop: 16 }} type="error" showIcon title={failure} />}
      {errors.length > 0 && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          title={t('leads.importErrors')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {errors.map((e) => (
                <li key={`${e.row}-${e.message}`}>
                  {t('leads.row', { row: e.row })}: {e.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}
