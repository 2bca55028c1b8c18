import { PlansTable } from './plans-page';

/** /ad/hasPublished: plans delivered to devices and not ended (kept alive). */
export default function OnlinePlansPage() {
  return <PlansTable list="online" />;
}
