import { ProofOfPlayCard } from '../../../components/statistics/proof-of-play-card';
import { downloadUrl } from '../../../lib/api-upload';
import { lang } from '../../../lib/i18n';
import { useOrderProofOfPlay } from '../api/orders';

/**
 * The order's proof of play in its drawer: its plan on its screens over its period (China time, up to now),
 * with the xlsx and the PDF certificate (in the interface's language) a salesperson sends to the customer.
 */
export function OrderProofOfPlay({ id }: { id: string }) {
  const report = useOrderProofOfPlay(id);
  const exportHref = (format: 'xlsx' | 'pdf') =>
    downloadUrl('/api/Orders/proofOfPlayExport', { id, format, language: lang() });
  return (
    <div data-testid="order-proof-of-play">
      <ProofOfPlayCard report={report} exportHref={exportHref} />
    </div>
  );
}
