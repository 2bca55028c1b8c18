import { errorCatalogue } from '@robot-ads/contracts/common/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createMaterial, picture } from '../../../test/media-files';
import { activatedRobot, publishedPlan } from '../../../test/published';
import { pushedLobbyProof } from '../../../test/shooting';
import { sdkDocuments } from '../../sdk-documents';
import { ManualClock } from '../clock';
import { badCalls, type Fixture, TOKEN_URL } from './declared-errors.cases';
import { type OpenApiDoc, operationsOf } from './document';

/**
 * The error answers the partner and device documents declare are the ones the calls really give: every
 * operation of both documents is called with bad input (or in a state that refuses it), and the code
 * answered must be listed, with its status, in that operation's documented error answers.
 */
// 12:00 in Shanghai: inside the shooting window of the task below.
const clock = new ManualClock(new Date('2026-03-10T04:00:00Z'));
let t: TestApp;
let docs: { partner: OpenApiDoc; device: OpenApiDoc };
const f = { clock } as Fixture;
const CASES = badCalls(f);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  f.t = t;
  const root = await loginAs(t, 'super', { principals: 'root' });
  const headers = bearer(root.token);
  docs = sdkDocuments(t.app.swagger() as unknown as OpenApiDoc);

  // A partner application granted every partner call.
  const grants = operationsOf(docs.partner)
    .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
    .filter((key) => key !== 'GET /api/OpenPlatform/openapi.json');
  const app = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/apiUsers',
    headers,
    payload: { name: 'Errors agency', accountId: root.user.id, interfaces: grants },
  });
  expect(app.statusCode, app.body).toBe(200);
  f.clientId = app.json().data.clientId;
  // The token as an OAuth client asks for it (RFC 6749: a form), which the partner document offers too.
  const token = await t.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: f.clientId,
      client_secret: app.json().data.clientSecret,
    }).toString(),
  });
  expect(token.statusCode, token.body).toBe(200);
  f.partnerToken = token.json().access_token;

  // A robot with a plan and two shooting tasks of today: one open, one it reported failed.
  const material = await createMaterial(t, root.token, 'coffee.png', await picture(1080, 1920));
  const now = Math.floor(clock.now().getTime() / 1000);
  const ad = await t.app.inject({
    method: 'POST',
    url: '/api/Advertisements',
    headers,
    payload: { name: 'Coffee', kind: 'picture', begin: now - 86_400, end: now + 30 * 86_400, resources: [material.id] },
  });
  expect(ad.statusCode, ad.body).toBe(200);
  const robot = await activatedRobot(t);
  f.robotToken = robot.token;
  const plan = await publishedPlan(t, root.user.id, [robot.robotId], ad.json().data.id, { timeZone: 'Asia/Shanghai' });
  f.planId = plan.id;
  await pushedLobbyProof(t, headers, plan.id, robot.robotId);
  const schedule = await t.app.inject({ method: 'GET', url: '/api/device/v1/schedule', headers: bearer(f.robotToken) });
  expect(schedule.statusCode, schedule.body).toBe(200);
  f.scheduleVersion = String(schedule.headers.etag).replaceAll('"', '');
  f.openTaskId = schedule.json().data.shootTasks[0].id;
  // A requirement of a second plan gives the task that is then reported failed (one requirement a plan).
  const other = await publishedPlan(t, root.user.id, [robot.robotId], ad.json().data.id, {
    timeZone: 'Asia/Shanghai',
  });
  await pushedLobbyProof(t, headers, other.id, robot.robotId, { name: 'Entrance proof' });
  const tasks = await t.app.inject({ method: 'GET', url: '/api/device/v1/shootTasks', headers: bearer(f.robotToken) });
  f.closedTaskId = (tasks.json().data.tasks as Array<{ id: string }>)
    .map((task) => task.id)
    .find((id) => id !== f.openTaskId)!;
  const failed = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/shootTasks/fail',
    headers: bearer(f.robotToken),
    payload: { taskId: f.closedTaskId, reason: 'blocked' },
  });
  expect(failed.json().data, failed.body).toEqual({ taskId: f.closedTaskId, state: 'fail' });
}, 120_000);
afterAll(() => t?.close());

describe('the declared error answers of the partner and device documents', () => {
  it('call every operation of both documents with bad input at least once', () => {
    for (const name of ['partner', 'device'] as const) {
      const called = new Set(CASES.filter(([doc]) => doc === name).map(([, id]) => id));
      const ids = operationsOf(docs[name]).map(({ op }) => op.operationId);
      expect(
        ids.filter((id) => !called.has(id!)),
        `${name} operations without a bad call`,
      ).toEqual([]);
    }
  });

  for (const [doc, operationId, why, code, request] of CASES) {
    it(`${operationId}, ${why}: answers ${code}, a code its document declares`, async () => {
      const options = await request();
      const res = await t.app.inject({ ...options, headers: { 'accept-language': 'en', ...options.headers } });
      // The token endpoint refuses as RFC 6749 section 5.2 ({ error, error_description, code }); the rest in the envelope.
      const shape = operationId === 'issueToken' ? { error: expect.any(String), code } : { success: false, code };
      expect(res.json(), res.body).toMatchObject(shape);
      const status = errorCatalogue[code as keyof typeof errorCatalogue].status;
      expect(res.statusCode).toBe(status);
      const op = operationsOf(docs[doc]).find((o) => o.op.operationId === operationId)?.op;
      const answer = op?.responses?.[String(status)]?.content?.['application/json']?.examples as
        | Record<string, unknown>
        | undefined;
      expect(Object.keys(answer ?? {}), `${operationId} documents ${code} under ${status}`).toContain(code);
    });
  }

  it('declare the domain codes each service throws (the refusals a generated client must expect)', () => {
    const declared = (doc: OpenApiDoc, operationId: string) =>
      Object.values(operationsOf(doc).find((o) => o.op.operationId === operationId)?.op.responses ?? {}).flatMap((r) =>
        Object.keys((r.content?.['application/json']?.examples as object | undefined) ?? {}),
      );
    const expected: Array<[keyof typeof docs, string, string[]]> = [
      ...[
        'getPlanStatisticsByProvince',
        'getPlanStatisticsByDay',
        'getPlanStatisticsByWeek',
        'getPlanStatisticsByMonth',
      ].map((id): [keyof typeof docs, string, string[]] => [
        'partner',
        id,
        [
          'PLAYLIST_NOT_FOUND',
          'PLAYLIST_ID_NOT_EXIST',
          'STAT_RANGE_INVALID',
          'STAT_TIME_ZONE_INVALID',
          'OPEN_INTERFACE_NOT_ALLOWED',
        ],
      ]),
      ['partner', 'listRobots', ['FORBIDDEN', 'OPEN_RATE_LIMITED', 'OPEN_QUOTA_EXCEEDED']],
      ['device', 'ackSchedule', ['SCHEDULE_VERSION_STALE', 'DEVICE_TOKEN_INVALID']],
      ['device', 'getShootUploadCredentials', ['SHOOT_TASK_NOT_FOUND', 'SHOOT_TASK_CLOSED']],
      [
        'device',
        'uploadShootPhoto',
        [
          'SHOOT_TASK_NOT_FOUND',
          'SHOOT_TASK_CLOSED',
          'UPLOAD_KEY_OUTSIDE_DIR',
          'UPLOAD_OBJECT_MISSING',
          'SHOOT_PHOTO_TOO_LARGE',
          'SHOOT_PHOTO_TYPE',
          'SHOOT_TAKEN_OUTSIDE_WINDOW',
          'SHOOT_AD_NOT_IN_PLAN',
        ],
      ],
      ['device', 'failShootTask', ['SHOOT_TASK_NOT_FOUND', 'SHOOT_TASK_CLOSED']],
      ['device', 'sendPlayEvents', ['PAYLOAD_TOO_LARGE', 'BAD_REQUEST', 'REQUEST_TIMEOUT', 'INTERNAL']],
    ];
    for (const [doc, id, codes] of expected) {
      expect(declared(docs[doc], id), `${doc} ${id}`).toEqual(expect.arrayContaining(codes));
    }
    // A robot's calls never answer a user's or a partner's refusals.
    expect(declared(docs.device, 'getSchedule')).not.toContain('UNAUTHORIZED');
  });
});
