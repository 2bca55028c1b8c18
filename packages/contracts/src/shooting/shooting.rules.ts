/*
 * Shooting requirements (photo proof that a plan played on chosen robots), issue 18. Pure rules shared by
 * the server, the web forms and the player; no zod here so the player can import them.
 * docs/shooting.md describes the states, the cancel rules, the device task and the upload.
 */

/**
 * The state of one robot's task (spec section 4 "Shoot states"):
 * - notIssued: created, not yet put into the robot's schedule feed (the push job has not run);
 * - inProgress: in the robot's feed (and announced on its socket), the robot has not confirmed it yet;
 * - issueFailed: could not be issued (the plan is no longer published to the robot, or the robot
 *   is not activated, expired or taken out of use);
 * - ongoing: the robot confirmed the task and waits for the plan's ad within the window;
 * - success: the photo arrived (taken within the window while the plan's ad was on screen);
 * - fail: the robot reported it could not take it (the ad never showed in the window, capture failed);
 * - notTaken: "issued but not taken": the window ended and the robot had not delivered a photo
 *   (it was offline, or never confirmed). A photo taken within the window that arrives later (a robot
 *   back online with its outbox) still turns it into success;
 * - cancelled: the requirement was cancelled before the task ended.
 */
export const SHOOT_TASK_STATES = [
  'notIssued',
  'inProgress',
  'issueFailed',
  'ongoing',
  'success',
  'fail',
  'notTaken',
  'cancelled',
] as const;
export type ShootTaskState = (typeof SHOOT_TASK_STATES)[number];

/** Tasks that are over: nothing moves them any more (except a late photo for notTaken). */
export const FINAL_TASK_STATES: readonly ShootTaskState[] = ['issueFailed', 'success', 'fail', 'notTaken', 'cancelled'];
/** Tasks the robot is still expected to answer (the device feed carries these). */
export const OPEN_TASK_STATES: readonly ShootTaskState[] = ['inProgress', 'ongoing'];

/**
 * The state of a requirement, derived from its tasks:
 * - pushing: at least one task is still notIssued (the push is in progress);
 * - pushFailed: every task failed to be issued;
 * - ongoing: pushed; some task still waits for its photo;
 * - finished: every task ended (success, fail, not taken, issue failed);
 * - cancelled: cancelled by a person.
 */
export const SHOOT_REQUIREMENT_STATES = ['pushing', 'pushFailed', 'ongoing', 'finished', 'cancelled'] as const;
export type ShootRequirementState = (typeof SHOOT_REQUIREMENT_STATES)[number];

export function requirementState(cancelled: boolean, tasks: readonly ShootTaskState[]): ShootRequirementState {
  if (cancelled) return 'cancelled';
  if (tasks.some((t) => t === 'notIssued')) return 'pushing';
  if (tasks.length > 0 && tasks.every((t) => t === 'issueFailed')) return 'pushFailed';
  if (tasks.some((t) => OPEN_TASK_STATES.includes(t))) return 'ongoing';
  return 'finished';
}

/**
 * Whether a requirement may be cancelled (spec sections 4 and 8): only an ongoing one. The catalogue
 * code of the refusal otherwise.
 */
export function cancelRefusal(
  state: ShootRequirementState,
): null | 'SHOOT_REQUIREMENT_PUSHING' | 'SHOOT_PUSH_FAILED_NO_CANCEL' | 'SHOOT_CANNOT_CANCEL' {
  if (state === 'ongoing') return null;
  if (state === 'pushing') return 'SHOOT_REQUIREMENT_PUSHING';
  if (state === 'pushFailed') return 'SHOOT_PUSH_FAILED_NO_CANCEL';
  return 'SHOOT_CANNOT_CANCEL';
}

/** Progress of a requirement: taken (success), failed (fail, not taken, issue failed), waiting (the rest). */
export function progressOf(tasks: readonly ShootTaskState[]) {
  let taken = 0;
  let failed = 0;
  let waiting = 0;
  let cancelled = 0;
  for (const t of tasks) {
    if (t === 'success') taken++;
    else if (t === 'fail' || t === 'notTaken' || t === 'issueFailed') failed++;
    else if (t === 'cancelled') cancelled++;
    else waiting++;
  }
  return { total: tasks.length, taken, failed, waiting, cancelled };
}

/** Requirement names: at most 20 characters when they hold Chinese (CJK) characters, else at most 50. */
export const SHOOT_NAME_MAX_CJK = 20;
export const SHOOT_NAME_MAX = 50;
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

export function shootNameRefusal(name: string): null | 'SHOOT_NAME_REQUIRED' | 'SHOOT_NAME_TOO_LONG' {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'SHOOT_NAME_REQUIRED';
  const max = CJK.test(trimmed) ? SHOOT_NAME_MAX_CJK : SHOOT_NAME_MAX;
  return [...trimmed].length > max ? 'SHOOT_NAME_TOO_LONG' : null;
}

/** Promotion plan IDs: the full 24-character ID, or its short form, the last 12 characters. */
export const PLAN_REF_PATTERN = /^[0-9a-f]{12}([0-9a-f]{12})?$/;
export const shortPlanId = (id: string) => id.slice(-12);

/** A search of requirements names at least one of: requirement ID, name, plan name or plan ID. */
export function hasShootSearchCriterion(q: { id?: string; name?: string; planName?: string; planId?: string }) {
  return [q.id, q.name, q.planName, q.planId].some((v) => (v ?? '').trim().length > 0);
}

/** Photos: JPEG or PNG, checked from the bytes, at most 10 MB. */
export const SHOOT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** How long a late photo of a robot that was offline is still accepted after the window (its outbox). */
export const SHOOT_LATE_UPLOAD_DAYS = 7;
/** A "HH:mm" time of day, 00:00-24:00. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const SHOOT_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A task as devices see it (the part the rule reads). */
export interface DueTaskLike {
  id: string;
  adIds: readonly string[];
  windowBegin: number;
  windowEnd: number;
}

/** The task to shoot now for the ad on screen: inside its window, showing one of its ads, not shot yet. */
export function dueShootTask<T extends DueTaskLike>(
  tasks: readonly T[],
  adId: string,
  nowS: number,
  taken: ReadonlySet<string>,
): T | null {
  return (
    tasks.find((t) => t.windowBegin <= nowS && nowS < t.windowEnd && t.adIds.includes(adId) && !taken.has(t.id)) ?? null
  );
}
