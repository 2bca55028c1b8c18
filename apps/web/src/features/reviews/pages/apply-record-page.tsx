import { App, Button, Card, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteApplication, useReapply, useWithdraw } from '../api/reviews';
import { ApplicationTable } from '../components/application-table';

/** /check/applyRecord: application records; the applicant withdraws, reapplies or deletes its own. */
export default function ApplyRecordPage() {
  const { t } = useTranslation('delivery');
  const { message } = App.useApp();
  const withdraw = useWithdraw();
  const reapply = useReapply();
  const remove = useDeleteApplication();
  return (
    <Card>
      <ApplicationTable
        view="apply"
        exportable
        title={t('records.applyTitle')}
        actions={(a) => (
          <Space wrap size={4}>
            {a.mine && a.state === 'pending' && (
              <Popconfirm
                title={t('records.withdrawConfirm')}
                onConfirm={async () => {
                  await withdraw.mutateAsync({ id: a.id });
                  message.success(t('records.withdrawn'));
                }}
              >
                <Button size="small">{t('records.withdraw')}</Button>
              </Popconfirm>
            )}
            {a.mine && a.state === 'reject' && (
              <Button
                size="small"
                type="primary"
                onClick={async () => {
                  await reapply.mutateAsync({ id: a.id });
                  message.success(t('records.reapplied'));
                }}
              >
                {t('records.reapply')}
              </Button>
            )}
            {a.state !== 'post' && (
              <Popconfirm
                title={t('records.deleteConfirm')}
                onConfirm={async () => {
                  await remove.mutateAsync({ id: a.id });
                  message.success(t('records.deleted'));
                }}
              >
                <Button size="small" danger>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        )}
      />
    </Card>
  );
}
