import type { DeviceMethod, DevicePath, DeviceRequestBody, DeviceResponseData } from '@robot-ads/sdk/device';

/**
 * The HTTP calls of a headless robot (device-robot.ts), typed with the device protocol's generated types
 * (packages/sdk/openapi/device.json, `@robot-ads/sdk/device`).
 */
interface Envelope<T> {
  success: boolean;
  data: T;
  code?: string;
  msg?: string;
}

export interface ApiReply<T> {
  status: number;
  body: Envelope<T> | null;
  headers: Headers;
}

/** One call to the server at `base` (`http://host:port`), answered with its status and envelope. */
export async function deviceApi<T>(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiReply<T>> {
  const headers: Record<string, string> = { 'accept-language': 'en', ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (res.status === 304) return { status: 304, body: null, headers: res.headers };
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  return { status: res.status, body, headers: res.headers };
}

/**
 * One call of the device protocol, typed from the document by its path and method: the body sent and the
 * `data` answered are the generated ones (`DeviceRequestBody`, `DeviceResponseData`).
 */
export function deviceCall<P extends DevicePath, M extends DeviceMethod<P>>(
  base: string,
  path: P,
  method: M,
  init: { token?: string; body?: DeviceRequestBody<P, M>; headers?: Record<string, string> } = {},
): Promise<ApiReply<DeviceResponseData<P, M>>> {
  return deviceApi<DeviceResponseData<P, M>>(base, path, { ...init, method: method.toUpperCase() });
}

/** A robot's typed calls with its device token (`deviceCall` bound to a server and a token). */
export type DeviceCaller = <P extends DevicePath, M extends DeviceMethod<P>>(
  path: P,
  method: M,
  body?: DeviceRequestBody<P, M>,
) => Promise<ApiReply<DeviceResponseData<P, M>>>;

export function deviceCaller(base: string, token: string): DeviceCaller {
  return (path, method, body) => deviceCall(base, path, method, { token, body });
}

export function failed(what: string, r: { status: number; body: Envelope<unknown> | null }): never {
  throw new Error(`${what}: HTTP ${r.status} ${r.body?.code ?? ''} ${r.body?.msg ?? ''}`.trim());
}

/** Activates a robot with its one-time secret; answers its device token and heartbeat interval. */
export async function activateRobot(base: string, robotId: string, secret: string, appVersion: string) {
  const r = await deviceCall(base, '/api/device/v1/activate', 'post', { body: { robotId, secret, appVersion } });
  if (r.status !== 200 || !r.body) failed(`activate ${robotId}`, r);
  return r.body.data;
}
