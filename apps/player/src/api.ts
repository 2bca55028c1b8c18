import type { activateResult } from '@robot-ads/contracts/device-protocol/device-protocol.schemas';
import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import type { eventBatchResult } from '@robot-ads/contracts/play-events/play-events.schemas';
import type { z } from 'zod';

/** The device protocol under /api/device/v1 (docs/device-protocol.md), as the reference player speaks it. */

export const API = '/api/device/v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Network failures (offline, server down) are `OfflineError`: the player keeps playing what it holds. */
export class OfflineError extends Error {}

async function call<T>(
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; data: T | null; headers: Headers }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('content-type', 'application/json');
  headers.set('accept-language', navigator.language?.toLowerCase().startsWith('zh') ? 'zh' : 'en');
  let response: Response;
  try {
    // Resolved against the page (the player is served by the server it speaks to).
    response = await fetch(new URL(`${API}${path}`, document.baseURI), { ...init, headers, cache: 'no-store' });
  } catch (error) {
    throw new OfflineError(error instanceof Error ? error.message : String(error));
  }
  if (response.status === 304) return { status: 304, data: null, headers: response.headers };
  let body: { success?: boolean; data?: T; code?: string; msg?: string } | null = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok || !body || body.success !== true) {
    if (response.status >= 502 && response.status <= 504) throw new OfflineError(`HTTP ${response.status}`);
    throw new ApiError(response.status, body?.code ?? 'UNKNOWN', body?.msg ?? `HTTP ${response.status}`);
  }
  return { status: response.status, data: body.data as T, headers: response.headers };
}

export type Activation = z.infer<typeof activateResult>;

export async function activate(robotId: string, secret: string, appVersion: string): Promise<Activation> {
  const r = await call<Activation>('/activate', {
    method: 'POST',
    body: JSON.stringify({ robotId, secret, appVersion }),
  });
  return r.data as Activation;
}

export interface HeartbeatResult {
  serverTime: number;
  heartbeatInterval: number;
}

export async function heartbeat(
  token: string,
  body: { status: 'idle' | 'playing'; appVersion: string; freeStorage?: number },
): Promise<HeartbeatResult> {
  const r = await call<HeartbeatResult>('/heartbeat', { method: 'POST', token, body: JSON.stringify(body) });
  return r.data as HeartbeatResult;
}

/** The schedule, or null when it has not changed since `version` (HTTP 304). */
export async function pullSchedule(token: string, version: string | null): Promise<DeviceSchedule | null> {
  const headers: Record<string, string> = {};
  if (version) headers['if-none-match'] = `"${version}"`;
  const r = await call<DeviceSchedule>('/schedule', { method: 'GET', token, headers });
  return r.status === 304 ? null : (r.data as DeviceSchedule);
}

export async function ackSchedule(token: string, version: string, planIds?: string[]): Promise<void> {
  await call('/schedule/ack', {
    method: 'POST',
    token,
    body: JSON.stringify(planIds ? { version, planIds } : { version }),
  });
}

export interface PlayEventOut {
  id: string;
  type: 'play';
  playlistId: string;
  adId: string;
  startedAt: number;
  watchDuration: number;
}

export type EventsAck = z.infer<typeof eventBatchResult>['data'];

/** Proof of play: a batch (max 500) of events; re-sending a batch is harmless (ids count once). */
export async function sendEvents(token: string, events: PlayEventOut[]): Promise<EventsAck> {
  const r = await call<EventsAck>('/events', { method: 'POST', token, body: JSON.stringify({ events }) });
  return r.data as EventsAck;
}
