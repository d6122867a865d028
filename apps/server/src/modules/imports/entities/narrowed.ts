import type { z } from 'zod';
import { issuesOf } from './row-errors';
import type { RowError } from './types';

/**
 * An object schema over only the keys a body holds, its refinements kept (ADR 0115): for that body
 * the same answer as the whole schema — data and issues — at a fraction of the cost. Zod runs
 * every key of a shape, and a property's create schema has 44 of which a file maps about ten. A
 * key the body lacks changes nothing unless the schema gives it a value or an issue when absent
 * (a default, a required key): those are kept too. Made once per schema and set of keys.
 */

// zod's object schemas of any shape (clone with a def is public API).
type AnyObject = z.ZodObject<z.ZodRawShape>;

const MAX_SHAPES = 256;
const absentMatters = new WeakMap<AnyObject, string[]>();
const narrowed = new WeakMap<AnyObject, Map<string, AnyObject>>();

const keysThatMatterAbsent = (schema: AnyObject): string[] => {
  let keys = absentMatters.get(schema);
  if (!keys) {
    keys = Object.entries(schema.shape).flatMap(([key, s]) => {
      const r = (s as z.ZodType).safeParse(undefined);
      return r.success && r.data === undefined ? [] : [key];
    });
    absentMatters.set(schema, keys);
  }
  return keys;
};

export const narrowedTo = <S extends AnyObject>(schema: S, body: Record<string, unknown>): S => {
  let byKeys = narrowed.get(schema);
  if (!byKeys) narrowed.set(schema, (byKeys = new Map()));
  const id = Object.keys(body).sort().join(',');
  let out = byKeys.get(id);
  if (!out) {
    const keep = new Set([...Object.keys(body), ...keysThatMatterAbsent(schema)]);
    const shape = Object.fromEntries(Object.entries(schema.shape).filter(([key]) => keep.has(key)));
    out = schema.clone({ ...schema._zod.def, shape }) as AnyObject;
    if (byKeys.size >= MAX_SHAPES) byKeys.clear();
    byKeys.set(id, out);
  }
  return out as S;
};

/**
 * A row's body parsed as a create and as an update, each schema narrowed to its body: both
 * payloads, or the row's errors — the cells' own, then the create's issues, else the update's.
 */
export const asCreateAndUpdate = <C extends AnyObject, U extends AnyObject>(
  schemas: { create: C; update: U },
  bodies: { create: Record<string, unknown>; update: Record<string, unknown> },
  cellErrors: RowError[],
): { create: z.output<C>; update: z.output<U> } | { errors: RowError[] } => {
  const create = narrowedTo(schemas.create, bodies.create).safeParse(bodies.create);
  const update = narrowedTo(schemas.update, bodies.update).safeParse(bodies.update);
  const errors = [...cellErrors, ...(create.success ? [] : issuesOf(create.error))];
  if (errors.length || !create.success) return { errors };
  if (!update.success) return { errors: issuesOf(update.error) };
  return { create: create.data, update: update.data };
};
