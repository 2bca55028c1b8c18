import { describe, expect, it } from 'vitest';
import {
  cancelRefusal,
  dueShootTask,
  hasShootSearchCriterion,
  PLAN_REF_PATTERN,
  progressOf,
  requirementState,
  shootNameRefusal,
} from './shooting.rules';

describe('shooting rules', () => {
  it('derives the requirement state from its tasks', () => {
    expect(requirementState(false, ['notIssued', 'inProgress'])).toBe('pushing');
    expect(requirementState(false, ['issueFailed', 'issueFailed'])).toBe('pushFailed');
    expect(requirementState(false, ['issueFailed', 'ongoing'])).toBe('ongoing');
    expect(requirementState(false, ['success', 'notTaken', 'fail'])).toBe('finished');
    expect(requirementState(true, ['ongoing'])).toBe('cancelled');
  });

  it('lets only an ongoing requirement be cancelled, with the spec message of each refusal', () => {
    expect(cancelRefusal('ongoing')).toBeNull();
    expect(cancelRefusal('pushing')).toBe('SHOOT_REQUIREMENT_PUSHING');
    expect(cancelRefusal('pushFailed')).toBe('SHOOT_PUSH_FAILED_NO_CANCEL');
    expect(cancelRefusal('finished')).toBe('SHOOT_CANNOT_CANCEL');
    expect(cancelRefusal('cancelled')).toBe('SHOOT_CANNOT_CANCEL');
  });

  it('counts taken, failed and waiting', () => {
    expect(progressOf(['success', 'fail', 'notTaken', 'issueFailed', 'ongoing', 'notIssued', 'cancelled'])).toEqual({
      total: 7,
      taken: 1,
      failed: 3,
      waiting: 2,
      cancelled: 1,
    });
  });

  it('limits names to 20 characters with Chinese, else 50', () => {
    expect(shootNameRefusal('拍'.repeat(20))).toBeNull();
    expect(shootNameRefusal('拍'.repeat(21))).toBe('SHOOT_NAME_TOO_LONG');
    expect(shootNameRefusal('a'.repeat(50))).toBeNull();
    expect(shootNameRefusal('a'.repeat(51))).toBe('SHOOT_NAME_TOO_LONG');
    expect(shootNameRefusal('  ')).toBe('SHOOT_NAME_REQUIRED');
  });

  it('takes plan IDs of 12 or 24 characters and needs one search criterion', () => {
    expect(PLAN_REF_PATTERN.test('a1b2c3d4e5f6')).toBe(true);
    expect(PLAN_REF_PATTERN.test('6740a1b2c3d4e5f6a7b8c9d0')).toBe(true);
    expect(PLAN_REF_PATTERN.test('6740a1b2c3d4e5f6a7b8')).toBe(false);
    expect(hasShootSearchCriterion({ name: ' ' })).toBe(false);
    expect(hasShootSearchCriterion({ planName: 'Coffee' })).toBe(true);
  });

  it('finds the task due for the ad on screen', () => {
    const tasks = [{ id: 't1', adIds: ['a1'], windowBegin: 100, windowEnd: 200 }];
    expect(dueShootTask(tasks, 'a1', 150, new Set())?.id).toBe('t1');
    expect(dueShootTask(tasks, 'a1', 200, new Set())).toBeNull();
    expect(dueShootTask(tasks, 'a2', 150, new Set())).toBeNull();
    expect(dueShootTask(tasks, 'a1', 150, new Set(['t1']))).toBeNull();
  });
});
