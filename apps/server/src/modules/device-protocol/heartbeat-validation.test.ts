import { heartbeatBody } from '@robot-ads/contracts/device-protocol/device-protocol.schemas';
import { describe, expect, it } from 'vitest';
import { quickValidatorCompiler } from '../../platform/validation';
import { plainHeartbeat } from './device-protocol.routes';

const validate = quickValidatorCompiler(plainHeartbeat)({
  schema: heartbeatBody,
  method: 'POST',
  url: '/api/device/v1/heartbeat',
  httpPart: 'body',
}) as (data: unknown) => { value?: unknown; error?: Error };

describe('the heartbeat body checked by hand', () => {
  it('takes as it is only what the schema returns unchanged', () => {
    const plain = [
      { status: 'playing' },
      { status: 'idle', appVersion: '2.1.0', lng: 113.93, lat: 22.53, freeStorage: 5e9 },
      { status: 'error', lng: -180, lat: 90, freeStorage: 0 },
    ];
    for (const body of plain) {
      expect(plainHeartbeat(body)).toBe(true);
      expect(validate(body)).toEqual({ value: heartbeatBody.parse(body) });
    }
  });

  it('leaves everything else to the schema, with its result and its errors', () => {
    const trimmed = { status: 'playing', appVersion: ' 2.1.0 ' };
    const extra = { status: 'playing', battery: 80 };
    for (const body of [trimmed, extra]) {
      expect(plainHeartbeat(body)).toBe(false);
      expect(validate(body)).toEqual({ value: heartbeatBody.parse(body) });
    }
    expect(validate(trimmed).value).toEqual({ status: 'playing', appVersion: '2.1.0' });
    expect(validate(extra).value).toEqual({ status: 'playing' });
    const refused = [
      null,
      [],
      { status: 'dancing' },
      { status: 'playing', lat: 'north' },
      { status: 'playing', lng: 181 },
      { status: 'playing', freeStorage: 1.5 },
      { status: 'playing', freeStorage: -1 },
      { status: 'playing', appVersion: 'x'.repeat(51) },
      { status: 'playing', appVersion: 'a\u0000b' },
      { status: 'playing', appVersion: null },
    ];
    for (const body of refused) {
      expect(plainHeartbeat(body)).toBe(false);
      expect(validate(body).error?.message).toBe('request validation failed');
    }
  });
});
