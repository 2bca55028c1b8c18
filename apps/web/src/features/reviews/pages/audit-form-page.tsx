import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Application } from '../api/reviews';
import { ApplicationTable } from '../components/application-table';
import { ReviewDialog } from '../components/review-dialog';

/** /auditForm/index: applications waiting for the caller's decision; approve, or reject with a reason. */
export default function AuditFormPage() {
  const { t } = useTranslation('delivery');
  const [reviewing, setReviewing] = useState<{ a: Application; decision: 'post' | 'reject' } | null>(null);
  return (
    <Card>
      <ApplicationTable
        view="review"
        todo
        title={t('records.todoTitle')}
        actions={(a) =>
          a.myStep === 'pending' && (
            <Space size={4}>
              <Button size="small" type="primary" onClick={() => setReviewing({ a, decision: 'post' })}>
                {t('review.approve')}
              </Button>
              <Button size="small" danger onClick={() => setReviewing({ a, decision: 'reject' })}>
                {t('review.reject')}
              </Button>
            </Space>
          )
        }
      />
      {reviewing && <ReviewDialog a={reviewing.a} decision={reviewing.decision} onClose={() => setReviewing(null)} />}
    </Card>
  );
}
