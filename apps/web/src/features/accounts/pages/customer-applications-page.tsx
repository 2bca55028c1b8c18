import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCustomerApplications } from '../api/enterprise';
import { CustomerAuditTable } from '../components/customer-audit-table';

/** /customer/audit_record/auditApply: the caller's enterprise information applications and their results. */
export default function CustomerApplicationsPage() {
  const { t } = useTranslation('accounts');
  return (
    <Card title={t('review.historyTitle')}>
      <CustomerAuditTable useList={useCustomerApplications} emptyHint={t('review.historyEmptyHint')} />
    </Card>
  );
}
