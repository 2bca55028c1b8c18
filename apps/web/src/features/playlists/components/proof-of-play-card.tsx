import { ProofOfPlayCard } from '../../../components/statistics/proof-of-play-card';
import { downloadUrl } from '../../../lib/api-upload';
import { lang } from '../../../lib/i18n';
import { type ReportParams, usePlanProofOfPlay } from '../../../lib/statistics/api';

/** The plan's proof of play (Statistics tab) over the tab's range and zone, with its exports. */
export function PlanProofOfPlayCard({ playlistId, params }: { playlistId: string; params: ReportParams }) {
  const report = usePlanProofOfPlay(playlistId, params);
  const exportHref = (format: 'xlsx' | 'pdf') =>
    downloadUrl('/api/Statis/proofOfPlayExport', {
      playlistId,
      begin: String(params.begin),
      end: String(params.end),
      timeZone: params.timeZone,
      format,
      language: lang(),
    });
  return <ProofOfPlayCard report={report} exportHref={exportHref} />;
}
