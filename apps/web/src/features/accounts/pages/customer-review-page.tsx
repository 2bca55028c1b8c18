import { messageFor } from '@robot-ads/contracts/common/errors';
import { App, Button, Card, Form, Input, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lang } from '../../../lib/i18n';
import { type CustomerAudit, useCustomerAudits, usePassCustomer, useRejectCustomer } from '../api/enterprise';
import { CustomerAuditTable } from '../components/customer-audit-table';
import { showSaveError } from '../components/server-error';

/** /customer/audit/auditManage (root and admin): pass or reject (with a reason) customers' enterprise information. */
export default function CustomerReviewPage() {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const pass = usePassCustomer();
  const reject = useRejectCustomer();
  const [rejecting, setRejecting] = useState<CustomerAudit | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  return (
    <Card title={t('review.title')}>
      <CustomerAuditTable
        useList={useCustomerAudits}
        emptyHint={t('review.emptyHint')}
        actions={(a) =>
          a.state === 'pending' && (
            <>
              <Popconfirm
                title={t('review.passConfirm', { name: a.customerName })}
                onConfirm={async () => {
                  try {
                    await pass.mutateAsync(a.id);
                    message.success(t('review.passed'));
                  } catch (e) {
                    message.error(e instanceof Error ? e.message : t('saveFailed'));
                  }
                }}
              >
                <Button size="small" type="primary">
                  {t('review.pass')}
                </Button>
              </Popconfirm>
              <Button size="small" danger onClick={() => setRejecting(a)}>
                {t('review.reject')}
              </Button>
            </>
          )
        }
      />
      <Modal
        open={rejecting !== null}
        title={t('review.rejectTitle', { name: rejecting?.customerName ?? '' })}
        onCancel={() => setRejecting(null)}
        confirmLoading={reject.isPending}
        destroyOnHidden
        onOk={async () => {
          try {
            const v = await form.validateFields();
            if (rejecting) await reject.mutateAsync({ id: rejecting.id, reason: v.reason.trim() });
            message.success(t('review.rejected'));
            setRejecting(null);
          } catch (error) {
            showSaveError(form, error, (text) => message.error(text), t('saveFailed'));
          }
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('review.reason')}
            rules={[{ required: true, whitespace: true, message: messageFor('REJECT_REASON_REQUIRED', lang()) }]}
          >
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
