import { createHmac, timingSafeEqual } from 'node:crypto';
import { ID_PATTERN } from '@robot-ads/contracts/common/ids';
import type { AppContext } from '../../platform/context';

/*
 * The codes of QR scan tracking (docs/statistics.md, "QR scans"). The player draws, over an ad with a QR
 * target, a QR code of PUBLIC_URL/q/<code>; the code names the plan, the ad and the robot and is signed
 * (HMAC), so it cannot be forged to count scans elsewhere. The schedules module hands the links out, the
 * play-events module counts the scans (qr-scans.service.ts).
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
