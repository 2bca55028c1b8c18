import { type OpenApiDoc, operationsOf, referencedSchemas } from './document';
import type { JsonSchema } from './examples';

/**
 * A document of some operations of the full one (a partner's, a robot's): the kept operations with
 * `security` replaced, only the schemas, security schemes and tags they use.
 */
export function subsetDocument(
  full: OpenApiDoc,
  opts: {
    info: OpenApiDoc['info'];
    keep: (key: string) => boolean;
    security: Record<string, unknown[]>[];
    securitySchemes: Record<string, unknown>;
    webhooks?: Record<string, unknown>;
    extraSchemas?: Record<string, JsonSchema>;
  },
): OpenApiDoc {
  const paths: OpenApiDoc['paths'] = {};
  const tags = new Set<string>();
  for (const { path, method, op } of operationsOf(full)) {
    if (!opts.keep(`${method.toUpperCase()} ${path}`)) continue;
    const { 'x-error-codes': _codes, 'x-access': _access, ...rest } = op;
    paths[path] = { ...paths[path], [method]: { ...rest, security: opts.security } };
    for (const tag of op.tags ?? []) tags.add(tag);
  }
  const used = { paths, webhooks: opts.webhooks ?? {} };
  return {
    openapi: '3.1.0',
    info: opts.info,
    servers: full.servers,
    tags: (full.tags ?? []).filter((t) => tags.has(String(t.name))),
    paths,
    ...(opts.webhooks ? { webhooks: opts.webhooks } : {}),
    components: {
      schemas: { ...referencedSchemas(full, used), ...opts.extraSchemas },
      securitySchemes: opts.securitySchemes,
    },
  };
}
