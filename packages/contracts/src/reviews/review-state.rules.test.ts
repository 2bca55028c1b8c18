import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ACTIONS,
  APPLICATION_ACTIONS,
  APPLICATION_STATES,
  canApply,
  canUpdate,
  decide,
  reapply,
  refusalCode,
  requiredSteps,
} from './review-state.rules';

const steps = requiredSteps([
  { projectId: 'p1', autoAudit: false },
  { projectId: 'p2', autoAudit: true },
  { projectId: 'p1', autoAudit: false },
]);

describe('review state machine', () => {
  it('needs the owner of each project without autoAudit, then the operators', () => {
    expect(steps).toEqual([
      { kind: 'owner', projectId: 'p1', state: 'pending' },
      { kind: 'operator', projectId: null, state: 'pending' },
    ]);
    expect(requiredSteps([{ projectId: 'p2', autoAudit: true }])).toHaveLength(1);
  });

  it('pending -> post once every step confirms, in any order', () => {
    const a = decide('pending', steps, 1, 'post');
    expect(a.ok && a.value.state).toBe('pending');
    if (!a.ok) throw new Error('refused');
    const b = decide(a.value.state, a.value.steps, 0, 'post');
    expect(b.ok && b.value.state).toBe('post');
  });

  it('pending -> reject as soon as one step rejects; reject -> pending on reapply', () => {
    const r = decide('pending', steps, 0, 'reject');
    expect(r.ok && r.value.state).toBe('reject');
    if (!r.ok) throw new Error('refused');
    const again = reapply('reject', r.value.steps);
    expect(again.ok && again.value.state).toBe('pending');
    expect(again.ok && again.value.steps.every((s) => s.state === 'pending')).toBe(true);
  });

  it('a reviewer decides once', () => {
    const a = decide('pending', steps, 1, 'post');
    if (!a.ok) throw new Error('refused');
    expect(decide('pending', a.value.steps, 1, 'reject')).toEqual({ ok: false, code: 'AUDIT_ALREADY_REVIEWED' });
    expect(decide('pending', steps, 5, 'post')).toEqual({ ok: false, code: 'AUDIT_NOT_REVIEWER' });
  });

  it('an application is editable only before any decision', () => {
    expect(canUpdate('pending', steps).ok).toBe(true);
    const a = decide('pending', steps, 1, 'post');
    if (!a.ok) throw new Error('refused');
    expect(canUpdate('pending', a.value.steps)).toEqual({ ok: false, code: 'AUDIT_UNDER_REVIEW' });
  });

  it('refuses every transition the table does not allow, with a code per situation', () => {
    for (const state of APPLICATION_STATES) {
      for (const action of APPLICATION_ACTIONS) {
        const allowed = ALLOWED_ACTIONS[state].includes(action);
        expect(canApply(state, action)).toBe(allowed);
        if (!allowed) expect(refusalCode(state, action)).toMatch(/^AUDIT_/);
      }
    }
    expect(decide('post', steps, 0, 'post')).toEqual({ ok: false, code: 'AUDIT_APPROVED_FINAL' });
    expect(decide('reject', steps, 0, 'post')).toEqual({ ok: false, code: 'AUDIT_NOT_PENDING' });
    expect(decide('withdrawn', steps, 0, 'reject')).toEqual({ ok: false, code: 'AUDIT_WITHDRAWN' });
    expect(reapply('pending', steps)).toEqual({ ok: false, code: 'AUDIT_NOT_REJECTED' });
    expect(reapply('post', steps)).toEqual({ ok: false, code: 'AUDIT_APPROVED_FINAL' });
    expect(canUpdate('reject', steps)).toEqual({ ok: false, code: 'AUDIT_NOT_PENDING' });
  });
});
