import { z } from 'zod';

/** The schema without its default (a default would fill in a field the caller did not send). */
function withoutDefault(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodDefault || s instanceof z.ZodPrefault) s = s.unwrap() as z.ZodType;
  return s;
}

/**
 * The body of a PUT from the body of its create (the product's one rule, docs/conventions.md): every
 * field optional and **without its default**, so a PUT changes exactly the fields it sends and keeps the
 * others. (`create.partial()` would keep zod's defaults, and a field not sent would come back as its
 * default, e.g. phone '' or contacts [], blanking the stored value.)
 */
export function updateOf<S extends z.ZodRawShape>(create: z.ZodObject<S>): ReturnType<z.ZodObject<S>['partial']> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(create.shape)) shape[key] = withoutDefault(field as z.ZodType).optional();
  return z.object(shape) as unknown as ReturnType<z.ZodObject<S>['partial']>;
}

/**
 * The same object with its defaults taken off (those fields become optional, not filled in): for a PUT
 * that needs some fields (they stay required, a missing one is a 400 naming it) and keeps the others.
 */
export function withoutDefaults<S extends z.ZodRawShape>(schema: z.ZodObject<S>): z.ZodObject<S> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const f = field as z.ZodType;
    shape[key] = f instanceof z.ZodDefault || f instanceof z.ZodPrefault ? withoutDefault(f).optional() : f;
  }
  return z.object(shape) as unknown as z.ZodObject<S>;
}
