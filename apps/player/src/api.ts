import type {
  DeviceActivation,
  DeviceData,
  DeviceEventsAck,
  DeviceHeartbeatBody,
  DeviceHeartbeatResult,
  DeviceMethod,
  DevicePath,
  DevicePlayEvent,
  DeviceRequestBody,
  DeviceResponseData,
  DeviceSchedule,
  DeviceShootUploadForm,
} from '@robot-ads/sdk/device';

/**
 * The device protocol under /api/device/v1 (docs/device-protocol.md), as the reference player speaks it;
 * its types are generated from the protocol's OpenAPI document (packages/sdk/openapi/device.json).
 */

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

/**
 * One call of the protocol, typed from the document by its path and method: the body it sends and the
 * `data` it answers are the generated ones (`DeviceRequestBody`, `DeviceResponseData`).
 */
async function call<P extends DevicePath, M extends DeviceMethod<P>>(
  path: P,
  method: M,
  init: { token?: string; body?: DeviceRequestBody<P, M>; headers?: Record<string, string> } = {},
): Promise<{ status: number; data: DeviceResponseData<P, M> | null; headers: Headers }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (body) headers.set('content-type', 'application/json');
  headers.set('accept-language', navigator.language?.toLowerCase().startsWith('zh') ? 'zh' : 'en');
  let response: Response;
  try {
    // Resolved against the page (the player is served by the server it speaks to).
    response = await fetch(new URL(path, document.baseURI), {
      method: method.toUpperCase(),
      headers,
      body,
      cache: 'no-store',
    });
  } catch (error) {
    throw new OfflineError(error instanceof Error ? error.message : String(error));
  }
  if (response.status === 304) return { status: 304, data: null, headers: response.headers };
  let answer: { success?: boolean; data?: DeviceResponseData<P, M>; code?: string; msg?: string } | null = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  if (!response.ok || !answer || answer.success !== true) {
    if (response.status >= 502 && response.status <= 504) throw new OfflineError(`HTTP ${response.status}`);
    throw new ApiError(response.status, answer?.code ?? 'UNKNOWN', answer?.msg ?? `HTTP ${response.status}`);
  }
  return { status: response.status, data: answer.data ?? null, headers: response.headers };
}

export type Activation = DeviceActivation;

export async function activate(robotId: string, secret: string, appVersion: string): Promise<Activation> {
  const r = await call('/api/device/v1/activate', 'post', { body: { robotId, secret, appVersion } });
  return r.data as Activation;
}

export type HeartbeatResult = DeviceHeartbeatResult;

export async function heartbeat(token: string, body: DeviceHeartbeatBody): Promise<HeartbeatResult> {
  const r = await call('/api/device/v1/heartbeat', 'post', { token, body });
  return r.data as HeartbeatResult;
}

/** The schedule, or null when it has not changed since `version` (HTTP 304). */
export async function pullSchedule(token: string, version: string | null): Promise<DeviceSchedule | null> {
  const headers: Record<string, string> = {};
  if (version) headers['if-none-match'] = `"${version}"`;
  const r = await call('/api/device/v1/schedule', 'get', { token, headers });
  return r.status === 304 ? null : (r.data as DeviceSchedule);
}

export async function ackSchedule(token: string, version: string, planIds?: string[]): Promise<void> {
  await call('/api/device/v1/schedule/ack', 'post', { token, body: planIds ? { version, planIds } : { version } });
}

export type PlayEventOut = DevicePlayEvent;

export type EventsAck = DeviceEventsAck;

/** Proof of play: a batch (max 500) of events; re-sending a batch is harmless (ids count once). */
export async function sendEvents(token: string, events: PlayEventOut[]): Promise<EventsAck> {
  const r = await call('/api/device/v1/events', 'post', { token, body: { events } });
  return r.data as EventsAck;
}

// ---- shooting tasks (docs/shooting.md) ----

export async function ackShootTasks(token: string, ids: string[]): Promise<string[]> {
  const r = await call('/api/device/v1/shootTasks/ack', 'post', { token, body: { ids } });
  return r.data?.confirmed ?? [];
}

export type ShootUploadForm = DeviceShootUploadForm;

export async function shootUploadForm(token: string, taskId: string): Promise<ShootUploadForm> {
  const r = await call('/api/device/v1/shootTasks/uploadCredentials', 'post', { token, body: { taskId } });
  return r.data as ShootUploadForm;
}

/**
 * Posts the photo with the signed form: `fields`, `key`, `Content-Type`, then the file last. The body is
 * built by hand (bytes), so that it is the same in every browser and in tests.
 */
export async function uploadWithForm(
  form: ShootUploadForm,
  key: string,
  photo: { bytes: ArrayBuffer; type: string },
): Promise<void> {
  const boundary = `----robotads${crypto.randomUUID().replace(/-/g, '')}`;
  const encoder = new TextEncoder();
  const fields = { ...form.upload.fields, key, 'Content-Type': photo.type };
  let head = '';
  for (const [k, v] of Object.entries(fields)) {
    head += `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  }
  const name = key.split('/').pop() ?? 'photo.jpg';
  head += `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: ${photo.type}\r\n\r\n`;
  const parts = [encoder.encode(head), new Uint8Array(photo.bytes), encoder.encode(`\r\n--${boundary}--\r\n`)];
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    body.set(p, offset);
    offset += p.length;
  }
  let response: Response;
  try {
    response = await fetch(new URL(form.upload.url, document.baseURI), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
  } catch (error) {
    throw new OfflineError(error instanceof Error ? error.message : String(error));
  }
  if (response.status >= 502 && response.status <= 504) throw new OfflineError(`HTTP ${response.status}`);
  if (!response.ok) throw new ApiError(response.status, 'UPLOAD_FAILED', `HTTP ${response.status}`);
}

export async function registerShootPhoto(
  token: string,
  body: DeviceRequestBody<'/api/device/v1/shootTasks/photo', 'post'>,
): Promise<DeviceData<'uploadShootPhoto'>> {
  const r = await call('/api/device/v1/shootTasks/photo', 'post', { token, body });
  return r.data as DeviceData<'uploadShootPhoto'>;
}
