import { type OpenApiDoc, operationsOf } from './document';

export interface OperationChanges {
  /** Operations (`METHOD /path`) in the snapshot that the current document no longer has. */
  removed: string[];
  /** Operations whose parameters, body, answers, security or operationId differ from the snapshot. */
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

/** What a client generated from an operation relies on. */
function contractOf(op: Record<string, unknown>): string {
  const { operationId, parameters, requestBody, responses, security } = op;
  return canonical({ operationId, parameters, requestBody, responses, security });
}

function operationMap(doc: OpenApiDoc): Map<string, string> {
  const map = new Map<string, string>();
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
  const changed = [...before.keys()].filter((k) => after.has(k) && after.get(k) !== before.get(k));
  for (const [name, schema] of Object.entries(beforeSchemas)) {
    const now = afterSchemas[name];
    if (!now) removed.push(`COMPONENT ${name}`);
    else if (canonical(now) !== canonical(schema)) changed.push(`COMPONENT ${name}`);
  }
  const added = [...after.keys()].filter((k) => !before.has(k));
  return { removed, changed, added };
}
