import { newId } from '@robot-ads/contracts/common/ids';
import { newDeviceToken } from '../src/modules/device-protocol/device-auth';
import { sha256 } from '../src/modules/devices/devices.service';
import { deviceTokens } from '../src/modules/devices/devices.table';
import { bearer } from './auth';
import type { TestApp } from './build-app';

/** A live device token of the robot (as activation would issue). */
export async function deviceTokenFor(t: TestApp, robotRef: string): Promise<string> {
  const token = newDeviceToken();
  await t.app.ctx.db.insert(deviceTokens).values({ id: newId(), robotRef, tokenHash: sha256(token) });
  return token;
}

/** POST a batch of play/scan events as the device of `token` (answers in English). */
export function sendEvents(t: TestApp, token: string, events: object[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/device/v1/events',
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload: { events },
  });
}

/** Seconds since the epoch of an ISO instant, as a device reports `startedAt`. */
export const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** A play of `adId` in plan `playlistId` started at `startedAt` (seconds), watched 10 s unless `over` says. */
export function playEvent(playlistId: string, adId: string, startedAt: number, over: Record<string, unknown> = {}) {
  return { id: newId(), type: 'play', playlistId, adId, startedAt, watchDuration: 10_000, ...over };
}
