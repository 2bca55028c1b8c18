import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApplicationTable } from '../components/application-table';

/** /check/checkRecord: the applications the caller reviews, with every step's reviewer, opinion and time. */
export default function CheckRecordPage() {
  const { t } = useTranslation('delivery');
  return (
    <Card>
      <ApplicationTable view="review" exportable title={t('records.checkTitle')} actions={() => null} />
    </Card>
  );
}
