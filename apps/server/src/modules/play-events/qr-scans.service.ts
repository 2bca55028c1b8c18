import { isQrTarget } from '@robot-ads/contracts/ads/ads.rules';
import { newId } from '@robot-ads/contracts/common/ids';
import { AppError } from '../../platform/app-error';
import { adQrTarget } from '../ads/ads.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { decodeQrCode } from '../qr-codes/qr-codes.service';
import { ingestEvents } from './play-events.service';

/*
 * A scan of a robot's QR code (docs/statistics.md, "QR scans"): counts as a `scan` event of that robot
 * (the ingest path: raw event and quarter-hour rollup in one transaction) and answers 302 to the target
 * stored with the ad: never to an address taken from the request.
 */

/**
 * GET /q/:code: counts the scan for the code's robot, plan and ad, and returns where to redirect: the
 * ad's stored QR target. An unknown or forged code, or an ad without a target, is QR_CODE_NOT_FOUND (404)
 * and counts nothing.
 */
export async function scanQr(ctx: PublishingContext, code: string): Promise<string> {
  const at = await decodeQrCode(ctx, code);
  const target = at ? await adQrTarget(ctx.db, at.adId) : null;
  // The stored target was checked when saved; checked again so that nothing else is ever redirected to.
  if (!at || !target || !isQrTarget(target)) throw new AppError('QR_CODE_NOT_FOUND');
  const startedAt = Math.floor(ctx.clock.now().getTime() / 1000);
  // Observed by the server (its clock, a code it signed for that robot, plan and ad): not verified.
  await ingestEvents(
    ctx,
    { robotRef: at.robotRef },
    [{ id: newId(), type: 'scan', playlistId: at.playlistId, adId: at.adId, startedAt }],
    false,
  );
  return target;
}
