/*
 * The review state machine of applications (Ad_Audits). The spec leaves the exact transitions open
 * (section 4); this is ours, drawn in docs/review-state-machine.md. The server refuses every
 * transition the table does not list with the code `refusalCode` gives (a message per situation).
 */

/** Application types: delivery, cancellation, adding devices, pausing. */
export const APPLICATION_TYPES = ['apply', 'cancel', 'add', 'pause'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/** What an application targets (deliveryMode): robots, device groups or accounts (all their devices). */
export const DELIVERY_MODES = ['robots', 'adGroups', 'accounts'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/**
 * - pending: waiting for its reviews (each required reviewer confirms or rejects);
 * - post: approved by every required reviewer; its effect has been applied (terminal);
 * - reject: refused by a reviewer with a reason; the applicant may reapply or withdraw;
 * - withdrawn: withdrawn by its applicant before approval (terminal).
 */
export const APPLICATION_STATES = ['pending', 'post', 'reject', 'withdrawn'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** One required review step: the operators, or the property owner of one project. */
export const REVIEW_STEP_KINDS = ['owner', 'operator'] as const;
export type ReviewStepKind = (typeof REVIEW_STEP_KINDS)[number];
export const REVIEW_STEP_STATES = ['pending', 'post', 'reject'] as const;
export type ReviewStepState = (typeof REVIEW_STEP_STATES)[number];

export const APPLICATION_ACTIONS = ['confirm', 'reject', 'reapply', 'withdraw', 'update', 'delete'] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

/** The allowed actions of each state. confirm/reject are reviewers' actions, the rest the applicant's. */
export const ALLOWED_ACTIONS: Record<ApplicationState, readonly ApplicationAction[]> = {
  pending: ['confirm', 'reject', 'withdraw', 'update', 'delete'],
  reject: ['reapply', 'withdraw', 'delete'],
  post: [],
  withdrawn: ['delete'],
};

export function canApply(state: ApplicationState, action: ApplicationAction): boolean {
  return ALLOWED_ACTIONS[state].includes(action);
}

/** The catalogue code refusing `action` in `state` (only meaningful when canApply is false). */
export function refusalCode(state: ApplicationState, action: ApplicationAction): string {
  if (state === 'post') return 'AUDIT_APPROVED_FINAL';
  if (state === 'withdrawn') return 'AUDIT_WITHDRAWN';
  if (action === 'reapply') return 'AUDIT_NOT_REJECTED';
  return 'AUDIT_NOT_PENDING';
}

export interface ReviewStep {
  kind: ReviewStepKind;
  /** The project (property) whose owner reviews; null for the operators' step. */
  projectId: string | null;
  state: ReviewStepState;
}

/**
 * The state an application has after its steps changed: rejected as soon as one step rejects,
 * approved when every step approved, otherwise still pending.
 */
export function stateFromSteps(steps: readonly ReviewStep[]): ApplicationState {
  if (steps.some((s) => s.state === 'reject')) return 'reject';
  if (steps.every((s) => s.state === 'post')) return 'post';
  return 'pending';
}

export type TransitionResult<T> = { ok: true; value: T } | { ok: false; code: string };

/**
 * A reviewer's decision on one step. `stepIndex` is the step the reviewer may decide (the server
 * finds it from the reviewer's role and projects). Returns the new steps and the new state.
 */
export function decide(
  state: ApplicationState,
  steps: readonly ReviewStep[],
  stepIndex: number,
  decision: 'post' | 'reject',
): TransitionResult<{ steps: ReviewStep[]; state: ApplicationState }> {
  const action: ApplicationAction = decision === 'post' ? 'confirm' : 'reject';
  if (!canApply(state, action)) return { ok: false, code: refusalCode(state, action) };
  const step = steps[stepIndex];
  if (!step) return { ok: false, code: 'AUDIT_NOT_REVIEWER' };
  if (step.state !== 'pending') return { ok: false, code: 'AUDIT_ALREADY_REVIEWED' };
  const next = steps.map((s, i) => (i === stepIndex ? { ...s, state: decision } : { ...s }));
  return { ok: true, value: { steps: next, state: stateFromSteps(next) } };
}

/** Reapplying after a rejection starts every step over. */
export function reapply(
  state: ApplicationState,
  steps: readonly ReviewStep[],
): TransitionResult<{ steps: ReviewStep[]; state: ApplicationState }> {
  if (!canApply(state, 'reapply')) return { ok: false, code: refusalCode(state, 'reapply') };
  const next = steps.map((s) => ({ ...s, state: 'pending' as const }));
  return { ok: true, value: { steps: next, state: stateFromSteps(next) } };
}

/** Editing a pending application is allowed only before any reviewer decided. */
export function canUpdate(state: ApplicationState, steps: readonly ReviewStep[]): TransitionResult<true> {
  if (!canApply(state, 'update')) return { ok: false, code: refusalCode(state, 'update') };
  if (steps.some((s) => s.state !== 'pending')) return { ok: false, code: 'AUDIT_UNDER_REVIEW' };
  return { ok: true, value: true };
}

/** The required steps: one per project of the targeted devices whose owner does not auto-approve, then the operators. */
export function requiredSteps(projects: ReadonlyArray<{ projectId: string; autoAudit: boolean }>): ReviewStep[] {
  const seen = new Set<string>();
  const steps: ReviewStep[] = [];
  for (const p of projects) {
    if (p.autoAudit || seen.has(p.projectId)) continue;
    seen.add(p.projectId);
    steps.push({ kind: 'owner', projectId: p.projectId, state: 'pending' });
  }
  steps.push({ kind: 'operator', projectId: null, state: 'pending' });
  return steps;
}
