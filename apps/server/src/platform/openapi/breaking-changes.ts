import { type OpenApiDoc, operationsOf } from './document';

export interface OperationChanges {
  /** Operations (`METHOD /path`) in the snapshot that the current document no longer has. */
  removed: string[];
  /**
   * Operations whose parameters, body, success answers, security or operationId differ from the snapshot,
   * or that lost or changed a documented error answer (a new error status is no change).
   */
  changed: string[];
  /** New operations (not breaking: the snapshot is updated with them). */
  added: string[];
}

/** A canonical form without what may change freely (summaries, descriptions, examples). */
function canonical(value: unknown): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      if (key === 'summary' || key === 'description' || key === 'example' || key === 'examples') continue;
      out[key] = strip((value as Record<string, unknown>)[key]);
    }
    return out;
  };
  return JSON.stringify(strip(value));
}

/**
 * What a client generated from an operation relies on: its name, parameters, body, success answers and
 * security (`core`), and each documented error answer by status. A new error status documents a refusal
 * the call already made (not breaking); a removed or changed one is.
 */
interface OperationContract {
  core: string;
  errors: Map<string, string>;
}

const isError = (status: string) => /^[45]/.test(status);

function contractOf(op: Record<string, unknown>): OperationContract {
  const { operationId, parameters, requestBody, security } = op;
  const responses = (op.responses ?? {}) as Record<string, unknown>;
  const success = Object.fromEntries(Object.entries(responses).filter(([status]) => !isError(status)));
  const errors = new Map(
    Object.entries(responses)
      .filter(([status]) => isError(status))
      .map(([status, response]) => [status, canonical(response)]),
  );
  return { core: canonical({ operationId, parameters, requestBody, responses: success, security }), errors };
}

function sameOrWider(before: OperationContract, after: OperationContract): boolean {
  if (before.core !== after.core) return false;
  for (const [status, response] of before.errors) if (after.errors.get(status) !== response) return false;
  return true;
}

function operationMap(doc: OpenApiDoc): Map<string, OperationContract> {
  const map = new Map<string, OperationContract>();
  for (const { path, method, op } of operationsOf(doc)) map.set(`${method.toUpperCase()} ${path}`, contractOf(op));
  for (const [event, item] of Object.entries(doc.webhooks ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Record<string, unknown>>)) {
      map.set(`WEBHOOK ${event} ${method.toUpperCase()}`, contractOf(op));
    }
  }
  return map;
}

/**
 * The breaking-change check: the operations (and webhooks) of the committed snapshot that the current
 * document removed or changed. Schemas are compared through their inlined shape, so a changed schema
 * behind a `$ref` shows as a changed component (`COMPONENT <name>`).
 */
export function operationChanges(snapshot: OpenApiDoc, current: OpenApiDoc): OperationChanges {
  const before = operationMap(snapshot);
  const after = operationMap(current);
  const beforeSchemas = snapshot.components?.schemas ?? {};
  const afterSchemas = current.components?.schemas ?? {};
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const changed = [...before.keys()].filter((k) => after.has(k) && !sameOrWider(before.get(k)!, after.get(k)!));
  for (const [name, schema] of Object.entries(beforeSchemas)) {
    const now = afterSchemas[name];
    if (!now) removed.push(`COMPONENT ${name}`);
    else if (canonical(now) !== canonical(schema)) changed.push(`COMPONENT ${name}`);
  }
  const added = [...after.keys()].filter((k) => !before.has(k));
  return { removed, changed, added };
}
