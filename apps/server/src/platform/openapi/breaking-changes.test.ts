import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationChanges } from './breaking-changes';
import type { OpenApiDoc } from './document';

const snapshot = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/sdk/openapi/partner.json'), 'utf8'),
) as OpenApiDoc;
const copy = () => structuredClone(snapshot);

describe('the breaking-change check of the partner document', () => {
  it('finds nothing between the snapshot and itself', () => {
    expect(operationChanges(snapshot, copy())).toEqual({ removed: [], changed: [], added: [] });
  });

  it('catches a removed operation', () => {
    const current = copy();
    delete current.paths['/api/Devices/queryRobotInfo'];
    expect(operationChanges(snapshot, current).removed).toEqual(['GET /api/Devices/queryRobotInfo']);
  });

  it('catches a changed operation: a renamed operationId and a parameter made required', () => {
    const current = copy();
    current.paths['/api/Playlists/queryByPage_v3']!.get!.operationId = 'queryPlans';
    const op = current.paths['/api/Devices/queryRobotInfo']!.get!;
    op.parameters = op.parameters!.map((p) => ({ ...p, required: true }));
    expect(operationChanges(snapshot, current).changed.sort()).toEqual([
      'GET /api/Devices/queryRobotInfo',
      'GET /api/Playlists/queryByPage_v3',
    ]);
  });

  it('catches a removed webhook event and a changed payload component', () => {
    const current = copy();
    delete (current.webhooks as Record<string, unknown>)['shooting.photo'];
    current.components!.schemas!.ErrorEnvelope = { type: 'object' };
    const changes = operationChanges(snapshot, current);
    expect(changes.removed).toEqual(['WEBHOOK shooting.photo POST']);
    expect(changes.changed).toEqual(['COMPONENT ErrorEnvelope']);
  });

  it('lets a newly documented error answer through, and catches a removed one', () => {
    const wider = copy();
    const op = wider.paths['/api/Playlists/queryByPage_v3']!.get!;
    op.responses = { ...op.responses, '409': { description: 'Conflict', content: {} } };
    expect(operationChanges(snapshot, wider)).toEqual({ removed: [], changed: [], added: [] });
    const narrower = copy();
    delete narrower.paths['/api/Playlists/queryByPage_v3']!.get!.responses!['429'];
    expect(operationChanges(snapshot, narrower).changed).toEqual(['GET /api/Playlists/queryByPage_v3']);
  });

  it('lets an added operation through (not breaking) and a new summary too', () => {
    const current = copy();
    current.paths['/api/New/call'] = { get: { operationId: 'getNewCall', responses: {} } };
    current.paths['/api/Playlists/queryByPage_v3']!.get!.summary = 'Plans, paged (reworded)';
    expect(operationChanges(snapshot, current)).toEqual({ removed: [], changed: [], added: ['GET /api/New/call'] });
  });
});
