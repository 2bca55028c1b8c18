import { PlansTable } from './plans-page';

/** /ad/historyPublish: every plan that was ever published (kept alive). */
export default function HistoryPlansPage() {
  return <PlansTable list="history" />;
}
