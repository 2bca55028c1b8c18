import { createHmac, timingSafeEqual } from 'node:crypto';
import { isQrTarget } from '@robot-ads/contracts/ads/ads.schemas';
import { ID_PATTERN, newId } from '@robot-ads/contracts/common/ids';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { adQrTarget } from '../ads/ads.queries';
import { ingestEvents } from './play-events.service';

/*
 * QR scan tracking (docs/statistics.md, "QR scans"). The player draws, over an ad with a QR target, a QR
 * code of PUBLIC_URL/q/<code>; the code names the plan, the ad and the robot and is signed (HMAC), so it
 * cannot be forged to count scans elsewhere. A scan counts as a `scan` event of that robot (the ingest
 * path: raw event and quarter-hour rollup in one transaction) and answers 302 to the target stored with
 * the ad: never to an address taken from the request.
 */

/** Where the player's QR codes point: `/q/<code>` under PUBLIC_URL (or the server the player talks to). */
export const QR_PATH = '/q';
const ID_BYTES = 12;
const SIG_BYTES = 12;
const CODE_BYTES = 3 * ID_BYTES + SIG_BYTES;
const CODE_PATTERN = /^[A-Za-z0-9_-]{64}$/;

export interface QrAttribution {
  playlistId: string;
  adId: string;
  robotRef: string;
}

const signingKey = (ctx: AppContext) => ctx.tokens.derivedKey('qr-scan');

function sign(key: Buffer, ids: Buffer): Buffer {
  return createHmac('sha256', key).update(ids).digest().subarray(0, SIG_BYTES);
}

function codeOf(key: Buffer, a: QrAttribution): string | null {
  const parts = [a.playlistId, a.adId, a.robotRef];
  if (!parts.every((id) => ID_PATTERN.test(id))) return null;
  const ids = Buffer.from(parts.join(''), 'hex');
  return Buffer.concat([ids, sign(key, ids)]).toString('base64url');
}

/**
 * The addresses the players encode, one per robot x plan x ad: absolute under PUBLIC_URL when set, else
 * the path alone (the player resolves it against the server it talks to). Null for ids of another form.
 */
export async function qrLinker(ctx: AppContext): Promise<(a: QrAttribution) => string | null> {
  const key = await signingKey(ctx);
  const base = (ctx.config.PUBLIC_URL ?? '').replace(/\/$/, '');
  return (a) => {
    const code = codeOf(key, a);
    return code ? `${base}${QR_PATH}/${code}` : null;
  };
}

/** What a code names, when its signature is ours; null for anything else. */
export async function decodeQrCode(ctx: AppContext, code: string): Promise<QrAttribution | null> {
  if (!CODE_PATTERN.test(code)) return null;
  const raw = Buffer.from(code, 'base64url');
  if (raw.length !== CODE_BYTES) return null;
  const ids = raw.subarray(0, 3 * ID_BYTES);
  const expected = sign(await signingKey(ctx), ids);
  if (!timingSafeEqual(expected, raw.subarray(3 * ID_BYTES))) return null;
  const hex = ids.toString('hex');
  return {
    playlistId: hex.slice(0, 24),
    adId: hex.slice(24, 48),
    robotRef: hex.slice(48, 72),
  };
}

/**
 * GET /q/:code: counts the scan for the code's robot, plan and ad, and returns where to redirect: the
 * ad's stored QR target. An unknown or forged code, or an ad without a target, is QR_CODE_NOT_FOUND (404)
 * and counts nothing.
 */
export async function scanQr(ctx: AppContext, code: string): Promise<string> {
  const at = await decodeQrCode(ctx, code);
  const target = at ? await adQrTarget(ctx.db, at.adId) : null;
  // The stored target was checked when saved; checked again so that nothing else is ever redirected to.
  if (!at || !target || !isQrTarget(target)) throw new AppError('QR_CODE_NOT_FOUND');
  const startedAt = Math.floor(ctx.clock.now().getTime() / 1000);
  await ingestEvents(ctx, { robotRef: at.robotRef }, [
    { id: newId(), type: 'scan', playlistId: at.playlistId, adId: at.adId, startedAt },
  ]);
  return target;
}
