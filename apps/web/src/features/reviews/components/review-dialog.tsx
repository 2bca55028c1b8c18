import { Alert, App, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitForm } from '../../../lib/form-errors';
import { type Application, useConfirm, useReject } from '../api/reviews';
import { ApplicationRobots, Steps } from './application-table';

/** The audit form: approve, or reject with a required reason; shows the application's devices. */
export function ReviewDialog({
  a,
  decision,
  onClose,
}: {
  a: Application;
  decision: 'post' | 'reject';
  onClose: () => void;
}) {
  const { t } = useTranslation('delivery');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const reject = useReject();
  const [form] = Form.useForm<{ note: string }>();
  const [error, setError] = useState<string | null>(null);
  const submit = () =>
    submitForm(form, setError, async (v) => {
      setError(null);
      try {
        if (decision === 'post') await confirm.mutateAsync({ id: a.id, note: v.note ?? '' });
        else await reject.mutateAsync({ id: a.id, note: v.note });
        message.success(t(decision === 'post' ? 'review.approved' : 'review.rejected'));
        onClose();
      } catch (err) {
        setError((err as Error).message);
      }
    });
  return (
    <Modal
      open
      width={760}
      title={`${t(decision === 'post' ? 'review.approve' : 'review.reject')} · ${a.playlist.name}`}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ danger: decision === 'reject' }}
      okText={t(decision === 'post' ? 'review.approve' : 'review.reject')}
      confirmLoading={confirm.isPending || reject.isPending}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>
          {t(`applicationType.${a.type}`)} · {a.applicant} · {a.playlist.clientName}
          {a.reason && ` · ${a.reason}`}
        </div>
        <Form form={form} layout="vertical">
          <Form.Item
            name="note"
            label={t('review.note')}
            rules={
              decision === 'reject' ? [{ required: true, whitespace: true, message: t('review.reasonRequired') }] : []
            }
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon message={error} />}
        <Steps a={a} />
        <ApplicationRobots id={a.id} />
      </Space>
    </Modal>
  );
}
