import { HEARTBEAT_INTERVAL_S } from '@robot-ads/contracts/devices/devices.rules';
import { type OpenApiDoc, SECURITY_SCHEMES } from '../../platform/openapi/document';
import { subsetDocument } from '../../platform/openapi/subset';

/** Where the server answers the device document (public, like /api/docs/json). */
export const DEVICE_DOCUMENT_PATH = '/api/device/openapi.json';

/** The device protocol's version: /api/device/v1 (docs/device-protocol.md). */
export const DEVICE_PROTOCOL_VERSION = '1.0.0';

/**
 * The device protocol alone (/api/device/v1), with its device-token security: what a robot vendor feeds
 * to a generator (packages/sdk/openapi/device.json is its committed copy; the player and the simulator
 * use the types generated from it).
 */
export function deviceDocument(full: OpenApiDoc): OpenApiDoc {
  const doc = subsetDocument(full, {
    info: {
      title: 'robot-ads device protocol',
      version: DEVICE_PROTOCOL_VERSION,
      description:
        'What a robot (or kiosk) calls: activation with its one-time secret, then heartbeats, schedule polls, ' +
        'play events and shooting tasks with its device token. docs/device-protocol.md.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'The operator of this robot-ads installation' },
    },
    keep: (key) => key.split(' ')[1]!.startsWith('/api/device/v1/'),
    security: [{ deviceToken: [] }],
    securitySchemes: { deviceToken: SECURITY_SCHEMES.deviceToken },
  });
  // Activation proves itself with the robot's one-time secret (it answers the token).
  for (const op of Object.values(doc.paths['/api/device/v1/activate'] ?? {})) op.security = [];
  for (const [path, { body, answer }] of Object.entries(EXAMPLES)) {
    const op = doc.paths[path]?.post;
    const request = op?.requestBody?.content?.['application/json'];
    if (request && body) request.example = body;
    const ok = op?.responses?.['200']?.content?.['application/json'];
    if (ok) ok.example = { success: true, data: answer };
  }
  return doc;
}

/** A robot as vendors name them, and the schedule version and plan of docs/device-protocol.md section 6.1. */
const ROBOT_ID = 'RSZ1001';
const SERVER_TIME = 1795856400;

/**
 * Realistic examples of the calls a robot makes (the generated ones are placeholders): the heartbeat interval
 * the server answers, and a play the proof-of-play audit verifies (a whole 10-second picture ad, reported
 * after it played, with the schedule version it was chosen from). device-document.int.test.ts sends the events
 * example as it is, but for the plan and ad ids (made by the test), and gets the answer example back.
 */
const EXAMPLES: Record<string, { body?: unknown; answer: unknown }> = {
  '/api/device/v1/activate': {
    body: { robotId: ROBOT_ID, secret: 'S7fK2pQ9xV4mW8zR', appVersion: '2.4.1' },
    answer: {
      token: 'dt_9Qx3nV7bK2mP8sL4wZ6yT1rH5jD0cF',
      robotId: ROBOT_ID,
      heartbeatInterval: HEARTBEAT_INTERVAL_S,
      serverTime: SERVER_TIME,
    },
  },
  '/api/device/v1/heartbeat': {
    body: { status: 'playing', appVersion: '2.4.1', lng: 113.9305, lat: 22.5333, freeStorage: 12_884_901_888 },
    answer: { serverTime: SERVER_TIME, heartbeatInterval: HEARTBEAT_INTERVAL_S, online: true },
  },
  '/api/device/v1/events': {
    body: {
      events: [
        {
          id: '0193a1b2c3d4e5f6a7b8c9d0',
          type: 'play',
          playlistId: '6740a1b2c3d4e5f6a7b8c9d0',
          adId: '6740a1b2c3d4e5f6a7b8c9d1',
          resourceId: '6740a1b2c3d4e5f6a7b8c9d2',
          startedAt: SERVER_TIME,
          watchDuration: 10_000,
          scheduleVersion: 'kP4qkVd0m3cY9o8m2Xb4sGkHq1w',
          audience: {
            age: { youth: 1, adult: 2, senior: 1 },
            male: 2,
            female: 2,
            exposure: 6,
            viewers: 4,
            dwellMs: 18_500,
          },
        },
      ],
    },
    answer: { accepted: 1, duplicates: 0, ignored: 0, flagged: 0, flaggedEvents: [] },
  },
};
