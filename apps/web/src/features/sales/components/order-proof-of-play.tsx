import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProofOfPlayCard } from '../../../components/statistics/proof-of-play-card';
import { downloadUrl } from '../../../lib/api-upload';
import { lang } from '../../../lib/i18n';
import { useOrderProofOfPlay } from '../api/orders';

/**
 * The order's proof of play in its drawer: what the order contracted (its screens and screen-days, due and
 * delivered, even before any robot pulled the plan, and the screens that have not pulled it), then its plan
 * on its screens over its period (China time, up to now), with the xlsx and the PDF certificate (in the
 * interface's language) a salesperson sends to the customer.
 */
export function OrderProofOfPlay({ id }: { id: string }) {
  const { t } = useTranslation('sales');
  const report = useOrderProofOfPlay(id);
  const exportHref = (format: 'xlsx' | 'pdf') =>
    downloadUrl('/api/Orders/proofOfPlayExport', { id, format, language: lang() });
  const o = report.data?.order;
  return (
    <div data-testid="order-proof-of-play">
      {o && (
        <Typography.Paragraph data-testid="order-contract">
          {t('orderContract.body', {
            screens: o.screens,
            contracted: o.contractedScreenDays,
            due: o.dueScreenDays,
            delivered: o.deliveredScreenDays,
          })}
        </Typography.Paragraph>
      )}
      {o && o.notPulled.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('orderContract.notPulled', {
            count: o.notPulled.length,
            screens: o.screens,
            robots: o.notPulled.join(', '),
          })}
        />
      )}
      <ProofOfPlayCard report={report} exportHref={exportHref} />
    </div>
  );
}
