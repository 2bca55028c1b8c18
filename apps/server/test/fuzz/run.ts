import { errorEnvelope } from '@robot-ads/contracts/common/envelope';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Caller, Secrets } from './callers';
import { describe, type FuzzRequest, OAUTH_TOKEN_PATH, type Operation, operationsOf, requestsFor } from './operations';
import { Rng } from './random';

export interface Finding {
  operation: string;
  request: string;
  caller: string;
  status: number | 'no answer';
  problem: string;
  body: string;
}

export interface FuzzOptions {
  app: FastifyInstance;
  callers: Caller[];
  secrets: Secrets;
  seed: number;
  /** Random mutations per operation (the NUL cases come on top). */
  perOperation: number;
  /** A request without an answer after this long is a finding (and ends the run: the server is stuck). */
  answerWithinMs: number;
  /** Called after each operation (progress for long runs). */
  onOperation?: (op: Operation, done: number, total: number) => void;
}

export interface FuzzResult {
  seed: number;
  operations: number;
  requests: number;
  /** How many answers of each status class ('2xx', '4xx', ...): valid inputs should often get through. */
  statuses: Record<string, number>;
  /**
   * Numbers past the int4 range sent, and how many were answered a 2xx or a 400 naming their field
   * (the others were excused by the refusal of their valid request).
   */
  outOfRange: { sent: number; storedOrNamed: number };
  findings: Finding[];
}

/** Known secrets for the app under fuzz, so that the fuzzer can look for them in every answer. */
export const FUZZ_SECRETS_ENV = {
  JWT_SECRET: 'fuzz-jwt-secret-0123456789abcdef0123456789',
  STORAGE_SECRET: 'fuzz-storage-secret-0123456789abcdef01234',
};

/** Passwords are stored as argon2 hashes: this prefix in an answer is a leaked hash. */
const HASH_MARK = '$argon2';

function inspect(res: LightMyRequestResponse, op: Operation, secrets: Secrets): string[] {
  const problems: string[] = [];
  const type = String(res.headers['content-type'] ?? '');
  const isJson = type.includes('json');
  if (res.statusCode >= 500) problems.push(`server error ${res.statusCode}`);
  if (res.statusCode >= 400) {
    const parsed = isJson ? errorEnvelope.safeParse(safeJson(res.body)) : null;
    const oauth = safeJson(res.body) as { error?: unknown; error_description?: unknown } | undefined;
    if (op.path === OAUTH_TOKEN_PATH && typeof oauth?.error === 'string') {
      if (!oauth.error_description) problems.push('an OAuth refusal without error_description');
    } else if (!parsed?.success) problems.push('failure without the envelope {success:false,data:null,code,msg}');
    else if (!parsed.data.msg) problems.push('failure envelope without a message');
  } else if (res.statusCode >= 200 && res.statusCode < 300 && op.json && isJson) {
    const body = safeJson(res.body) as { success?: unknown } | undefined;
    if (body?.success !== true) problems.push('JSON success answer without {success:true}');
  }
  if (res.body.includes(HASH_MARK)) problems.push('a password hash in the answer');
  for (const secret of secrets.values) {
    if (secret && res.body.includes(secret)) problems.push('a secret in the answer');
  }
  return problems;
}

/** What a caller's valid request was answered: its status, and the field a refusal named. */
interface Answer {
  status: number;
  field: unknown;
}

const answerOf = (res: LightMyRequestResponse): Answer => ({
  status: res.statusCode,
  field: (safeJson(res.body) as { field?: unknown } | undefined)?.field,
});

/**
 * A number past the int4 range is stored (2xx) or refused as a 400 naming its field. Where the caller's
 * valid request was itself refused before the number could reach a column, that refusal may stand: the
 * same answer (a record that does not exist: the number changed nothing), a 401/403 (a caller that may
 * not call: its session, not the input), or a 400 naming another field (the generated body was wrong
 * elsewhere; the answer names one field only). A rate limit (429) says nothing either way.
 */
function outOfRangeProblem(res: LightMyRequestResponse, field: string, valid: Answer | undefined): string | null {
  const got = answerOf(res);
  if ((got.status >= 200 && got.status < 300) || got.status === 429 || got.status >= 500) return null;
  if (got.status === 400 && got.field === field) return null;
  if (valid) {
    const auth = (s: number) => s === 401 || s === 403;
    if (auth(valid.status) && auth(got.status)) return null;
    if (valid.status === 400 && got.status === 400) return null;
    if (valid.status >= 300 && valid.status === got.status && valid.field === got.field) return null;
  }
  const named = (a: Answer) => `${a.status}${a.field ? ` naming ${String(a.field)}` : ''}`;
  return `a number past the int4 range in ${field}: ${named(got)} (its valid request: ${valid ? named(valid) : 'none'}), not a 2xx or a 400 naming ${field}`;
}

function mayHaveEndedSession(op: Operation, caller: Caller): boolean {
  if (op.token === 'device' && caller.kind === 'user') return false;
  if (op.token === 'user' && caller.kind === 'device') return false;
  return true;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends every operation of the app's OpenAPI document, as every caller, generated valid and wrong
 * inputs, and collects what breaks the rules: 5xx, no answer, a failure outside the envelope, a JSON
 * success outside it, a password hash or a secret in a body.
 */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzResult> {
  const rng = new Rng(opts.seed);
  const operations = operationsOf(opts.app.swagger() as Parameters<typeof operationsOf>[0]);
  const findings: Finding[] = [];
  let requests = 0;
  const statuses: Record<string, number> = {};
  const outOfRange = { sent: 0, storedOrNamed: 0 };
  let stuck = false;

  const send = async (
    op: Operation,
    req: FuzzRequest,
    caller: Caller,
    valid?: Answer,
  ): Promise<LightMyRequestResponse | null> => {
    requests += 1;
    const lang = rng.pick(['zh', 'en', 'en-US,en;q=0.9', '']);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), opts.answerWithinMs);
    });
    const res = await Promise.race([
      opts.app.inject({
        method: req.method,
        url: req.url,
        headers: { ...caller.headers, ...req.headers, ...(lang ? { 'accept-language': lang } : {}) },
        payload: req.payload,
      }),
      timeout,
    ]);
    clearTimeout(timer);
    const where = {
      operation: `${op.method} ${op.path}`,
      request: `${req.label} (${describe(req.url)})`,
      caller: caller.name,
    };
    if (!res) {
      findings.push({ ...where, status: 'no answer', problem: `no answer within ${opts.answerWithinMs} ms`, body: '' });
      stuck = true;
      return null;
    }
    const kind = `${Math.floor(res.statusCode / 100)}xx`;
    statuses[kind] = (statuses[kind] ?? 0) + 1;
    const problems = inspect(res, op, opts.secrets);
    const range = req.outOfRange ? outOfRangeProblem(res, req.outOfRange, valid) : null;
    if (req.outOfRange) {
      outOfRange.sent += 1;
      const field = (safeJson(res.body) as { field?: unknown } | undefined)?.field;
      if (kind === '2xx' || (res.statusCode === 400 && field === req.outOfRange)) outOfRange.storedOrNamed += 1;
    }
    if (range) problems.push(range);
    for (const problem of problems) {
      findings.push({ ...where, status: res.statusCode, problem, body: res.body.slice(0, 300) });
    }
    // A fuzzed logout, password change or token revocation may have ended this caller's session. A 401 of a
    // route that takes the other kind of token (a user's token on a device route, a device's on a user route)
    // says nothing of the caller's session: no check then.
    if (res.statusCode === 401 && mayHaveEndedSession(op, caller) && !(await caller.alive())) await caller.renew();
    return res;
  };

  let done = 0;
  for (const op of operations) {
    if (stuck) break;
    const { valid, mutations } = requestsFor(op, rng, opts.perOperation);
    const allowed: Caller[] = [];
    const validAnswers = new Map<Caller, Answer>();
    for (const caller of opts.callers) {
      const res = await send(op, valid, caller);
      if (!res) break;
      validAnswers.set(caller, answerOf(res));
      if (res.statusCode !== 401 && res.statusCode !== 403) allowed.push(caller);
    }
    const senders = allowed.length ? allowed : opts.callers;
    for (const req of mutations) {
      if (stuck) break;
      const caller = rng.pick(senders);
      await send(op, req, caller, validAnswers.get(caller));
    }
    done += 1;
    opts.onOperation?.(op, done, operations.length);
  }
  return { seed: opts.seed, operations: operations.length, requests, statuses, outOfRange, findings };
}

/** Findings grouped by operation and problem, each with one example: short enough to read. */
export function summarize(findings: Finding[]): string[] {
  const groups = new Map<string, { count: number; example: Finding }>();
  for (const f of findings) {
    const key = `${f.operation} | ${f.problem}`;
    const g = groups.get(key);
    if (g) g.count += 1;
    else groups.set(key, { count: 1, example: f });
  }
  return [...groups.entries()].map(
    ([key, { count, example }]) =>
      `${key} x${count}; e.g. ${example.request} as ${example.caller}: ${example.status} ${example.body.slice(0, 160)}`,
  );
}
