/**
 * The compiled response serializers (ADR 0102): they write what zod's parse wrote, and never a key
 * the schema does not name, at any depth; a schema they cannot write faithfully falls back.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { compileFastSerializer } from '../src/plugins/serializer';

const compiled = (schema: z.ZodType) => {
  const result = compileFastSerializer(schema);
  if (!('serialize' in result)) throw new Error(result.reason);
  return result.serialize;
};

describe('compiled response serializers', () => {
  const user = z.object({
    id: z.number().int(),
    name: z.string(),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    tags: z.array(z.object({ label: z.string() })),
    counts: z.record(z.string(), z.number()),
    note: z.string().nullable().optional(),
  });

  it('writes what the zod parse wrote and drops unnamed keys at every depth', () => {
    const value = {
      id: 7,
      name: 'Ann',
      password_hash: 'secret',
      company: { id: 2, name: 'Acme', internal_flag: true },
      tags: [{ label: 'a', token: 'x' }],
      counts: { a: 1, b: 2 },
    };
    const written = compiled(user)(value);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(z.encode(user, value as never))));
    expect(written).not.toContain('secret');
    expect(written).not.toContain('internal_flag');
    expect(written).not.toContain('token');
  });

  it('writes a null object, a missing optional and a null optional as zod did', () => {
    const value = { id: 1, name: 'B', company: null, tags: [], counts: {}, note: null };
    expect(JSON.parse(compiled(user)(value))).toEqual(value);
    const { note: _, ...without } = value;
    expect(JSON.parse(compiled(user)(without))).toEqual(without);
  });

  it('keeps zod for a union it cannot write without validating', () => {
    const union = z.object({ area: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]) });
    expect(compileFastSerializer(union)).toHaveProperty('reason');
  });
});
