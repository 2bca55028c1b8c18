import { newId } from '@robot-ads/contracts/common/ids';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { bearer } from '../../../test/auth';
import type { TestApp } from '../../../test/build-app';
import type { ManualClock } from '../clock';

/** The bad calls of declared-errors.int.test.ts: every partner and device operation, refused. */

export const TOKEN_URL = '/api/blade-auth/oauth/token';

/** What the bad calls need, filled in by the test's set-up (read when a call is made). */
export interface Fixture {
  t: TestApp;
  clock: ManualClock;
  partnerToken: string;
  clientId: string;
  planId: string;
  robotToken: string;
  scheduleVersion: string;
  /** A shooting task of the robot that is still open, and one it reported failed. */
  openTaskId: string;
  closedTaskId: string;
}

export type Request = () => InjectOptions | Promise<InjectOptions>;
/** A bad call: the operation, why it is refused, the code it answers, the request. */
export type Case = [operationId: string, why: string, code: string, request: Request];

/** The bad calls, each with the document of its operation. */
export function badCalls(f: Fixture) {
  const partnerGet = (url: string): InjectOptions => ({ method: 'GET', url, headers: bearer(f.partnerToken) });
  const devicePost = (url: string, payload: Record<string, unknown>): InjectOptions => ({
    method: 'POST',
    url,
    headers: bearer(f.robotToken),
    payload,
  });
  const stats = (name: string, query: string) => partnerGet(`/api/Advertisements/statistics${name}?${query}`);
  const now = () => f.clock.now().getTime() / 1000;
  const photo = (taskId: string, key: string) =>
    devicePost('/api/device/v1/shootTasks/photo', { taskId, key, takenAt: now(), adId: newId() });

  const partner: Case[] = [
    [
      'issueToken',
      'a wrong secret',
      'OPEN_CLIENT_INVALID',
      () => ({
        method: 'POST',
        url: TOKEN_URL,
        payload: { grant_type: 'client_credentials', client_id: f.clientId, client_secret: 'not-the-secret' },
      }),
    ],
    [
      'issueToken',
      'an unknown client, as a form',
      'OPEN_CLIENT_INVALID',
      () => ({
        method: 'POST',
        url: TOKEN_URL,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials&client_id=op-none&client_secret=x',
      }),
    ],
    [
      'listPlans',
      'an unknown status filter',
      'VALIDATION_FAILED',
      () => partnerGet('/api/Playlists/queryByPage_v3?status=x'),
    ],
    ['listRobots', 'no token', 'UNAUTHORIZED', () => ({ method: 'GET', url: '/api/Devices/queryRobotInfo' })],
    [
      'listRobots',
      'a page size that is no number',
      'VALIDATION_FAILED',
      () => partnerGet('/api/Devices/queryRobotInfo?limit=lots'),
    ],
    ['listOrders', 'an unknown state filter', 'VALIDATION_FAILED', () => partnerGet('/api/Orders/queryByPage?state=x')],
    [
      'getPartnerOpenApi',
      'a forged token',
      'UNAUTHORIZED',
      () => ({ method: 'GET', url: '/api/OpenPlatform/openapi.json', headers: bearer('ey.forged.token') }),
    ],
    ...(['Day', 'Week', 'Month'] as const).flatMap((unit): Case[] => {
      const name = `${unit === 'Day' ? 'Days' : unit}ByPlaylistId`;
      return [
        [
          `getPlanStatisticsBy${unit}`,
          'a plan out of sight',
          'PLAYLIST_ID_NOT_EXIST',
          () => stats(name, `playlistId=${newId()}`),
        ],
        [
          `getPlanStatisticsBy${unit}`,
          'an end before the begin',
          'STAT_RANGE_INVALID',
          () => stats(name, `playlistId=${f.planId}&begin=2000&end=1000`),
        ],
      ];
    }),
    [
      'getPlanStatisticsByProvince',
      'a plan out of sight',
      'PLAYLIST_ID_NOT_EXIST',
      () => stats('ByProvince', `playlistId=${newId()}`),
    ],
    [
      'getPlanStatisticsByProvince',
      'an unknown time zone',
      'VALIDATION_FAILED',
      () => stats('ByProvince', `playlistId=${f.planId}&timeZone=Mars/Olympus`),
    ],
  ];

  const device: Case[] = [
    [
      'activateDevice',
      'a wrong secret',
      'DEVICE_SECRET_WRONG',
      () => ({
        method: 'POST',
        url: '/api/device/v1/activate',
        payload: { robotId: 'NOPE1', secret: 'not-the-secret' },
      }),
    ],
    [
      'sendHeartbeat',
      'no device token',
      'DEVICE_TOKEN_INVALID',
      () => ({ method: 'POST', url: '/api/device/v1/heartbeat', payload: { status: 'idle' } }),
    ],
    [
      'sendHeartbeat',
      'an unknown status',
      'VALIDATION_FAILED',
      () => devicePost('/api/device/v1/heartbeat', { status: 'x' }),
    ],
    [
      'sendHeartbeat',
      'a body that is no JSON',
      'INVALID_JSON',
      () => ({
        method: 'POST',
        url: '/api/device/v1/heartbeat',
        headers: { ...bearer(f.robotToken), 'content-type': 'application/json' },
        payload: '{"status":',
      }),
    ],
    [
      'sendHeartbeat',
      'a body over its 16 KB',
      'PAYLOAD_TOO_LARGE',
      () => devicePost('/api/device/v1/heartbeat', { status: 'idle', appVersion: 'x'.repeat(20_000) }),
    ],
    [
      'getSchedule',
      'a revoked token',
      'DEVICE_TOKEN_INVALID',
      () => ({ method: 'GET', url: '/api/device/v1/schedule', headers: bearer('dt_revoked') }),
    ],
    [
      'ackSchedule',
      'a version that is not the current one',
      'SCHEDULE_VERSION_STALE',
      () => devicePost('/api/device/v1/schedule/ack', { version: `${f.scheduleVersion}-old` }),
    ],
    [
      'sendPlayEvents',
      'an XML body',
      'UNSUPPORTED_MEDIA_TYPE',
      () => ({
        method: 'POST',
        url: '/api/device/v1/events',
        headers: { ...bearer(f.robotToken), 'content-type': 'application/xml' },
        payload: '<events/>',
      }),
    ],
    [
      'sendPlayEvents',
      'an event without its fields',
      'VALIDATION_FAILED',
      () => devicePost('/api/device/v1/events', { events: [{ id: 'e1' }] }),
    ],
    [
      'listShootTasks',
      'no device token',
      'DEVICE_TOKEN_INVALID',
      () => ({ method: 'GET', url: '/api/device/v1/shootTasks' }),
    ],
    ['ackShootTasks', 'no task ids', 'VALIDATION_FAILED', () => devicePost('/api/device/v1/shootTasks/ack', {})],
    [
      'getShootUploadCredentials',
      'a task of no robot',
      'SHOOT_TASK_NOT_FOUND',
      () => devicePost('/api/device/v1/shootTasks/uploadCredentials', { taskId: newId() }),
    ],
    [
      'getShootUploadCredentials',
      'a task already failed',
      'SHOOT_TASK_CLOSED',
      () => devicePost('/api/device/v1/shootTasks/uploadCredentials', { taskId: f.closedTaskId }),
    ],
    [
      'uploadShootPhoto',
      "a key outside its task's folder",
      'UPLOAD_KEY_OUTSIDE_DIR',
      () => photo(f.openTaskId, `shooting/x/${f.openTaskId}/none.jpg`),
    ],
    [
      'uploadShootPhoto',
      'a key in its folder that holds nothing',
      'UPLOAD_OBJECT_MISSING',
      async () => {
        // The task's own folder (its upload form names it), with nothing uploaded there.
        const form = await f.t.app.inject(
          devicePost('/api/device/v1/shootTasks/uploadCredentials', { taskId: f.openTaskId }),
        );
        expect(form.statusCode, form.body).toBe(200);
        return photo(f.openTaskId, `${form.json().data.dir}/none.jpg`);
      },
    ],
    [
      'uploadShootPhoto',
      'a task already failed',
      'SHOOT_TASK_CLOSED',
      () => photo(f.closedTaskId, `shooting/${f.closedTaskId}/a.jpg`),
    ],
    [
      'failShootTask',
      'a task of no robot',
      'SHOOT_TASK_NOT_FOUND',
      () => devicePost('/api/device/v1/shootTasks/fail', { taskId: newId(), reason: 'blocked' }),
    ],
  ];

  return [...partner.map((c) => ['partner', ...c] as const), ...device.map((c) => ['device', ...c] as const)];
}
