import type { operations } from './generated/device';

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
