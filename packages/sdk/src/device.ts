import type { operations, paths } from './generated/device.js';

/**
 * The device protocol's types, generated from packages/sdk/openapi/device.json (the /api/device/v1 part of
 * the server's OpenAPI document): the reference player and the simulator speak through these.
 */
export type DeviceOperation = keyof operations;

/** The JSON answer of an operation (its envelope). */
export type DeviceAnswer<Op extends DeviceOperation> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer A } };
}
  ? A
  : never;

/** What the envelope of an operation's answer holds in `data`. */
export type DeviceData<Op extends DeviceOperation> = DeviceAnswer<Op> extends { data: infer D } ? D : never;

/** The JSON body of an operation. */
export type DeviceBody<Op extends DeviceOperation> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;

export type DeviceSchedule = DeviceData<'getSchedule'>;
export type DeviceActivation = DeviceData<'activateDevice'>;
export type DeviceHeartbeatBody = DeviceBody<'sendHeartbeat'>;
export type DeviceHeartbeatResult = DeviceData<'sendHeartbeat'>;
export type DevicePlayEvent = DeviceBody<'sendPlayEvents'>['events'][number];
export type DeviceEventsAck = DeviceData<'sendPlayEvents'>;
export type DeviceShootUploadForm = DeviceData<'getShootUploadCredentials'>;

/*
 * The same types keyed by path and method, for a typed `fetch` wrapper: a caller names the path of the
 * document (`/api/device/v1/schedule/ack`) and its method, and gets the body, query and answer it must use.
 */
export type DevicePath = keyof paths;

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The methods the document declares for a path. */
export type DeviceMethod<P extends DevicePath> = {
  [M in HttpMethod]: paths[P][M] extends { responses: unknown } ? M : never;
}[HttpMethod];

type PathOperation<P extends DevicePath, M extends DeviceMethod<P>> = paths[P][M];

/** The JSON body of a path's method (`never` when it takes none). */
export type DeviceRequestBody<P extends DevicePath, M extends DeviceMethod<P>> =
  PathOperation<P, M> extends {
    requestBody: { content: { 'application/json': infer B } };
  }
    ? B
    : PathOperation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B
      : never;

/** What the envelope of a path's method's 200 answer holds in `data`. */
export type DeviceResponseData<P extends DevicePath, M extends DeviceMethod<P>> =
  PathOperation<P, M> extends {
    responses: { 200: { content: { 'application/json': { data: infer D } } } };
  }
    ? D
    : never;
