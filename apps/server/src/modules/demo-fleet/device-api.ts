/** The device protocol over HTTP as a robot speaks it (the demo fleet, the simulator, tests). */

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

export function failed(what: string, r: { status: number; body: Envelope<unknown> | null }): never {
  throw new Error(`${what}: HTTP ${r.status} ${r.body?.code ?? ''} ${r.body?.msg ?? ''}`.trim());
}

/** Activates a robot with its one-time secret; answers its device token and heartbeat interval. */
export async function activateRobot(base: string, robotId: string, secret: string, appVersion: string) {
  const r = await deviceApi<{ token: string; heartbeatInterval: number }>(base, '/api/device/v1/activate', {
    method: 'POST',
    body: { robotId, secret, appVersion },
  });
  if (r.status !== 200 || !r.body) failed(`activate ${robotId}`, r);
  return r.body.data;
}
