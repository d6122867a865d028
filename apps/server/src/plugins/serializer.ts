import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialisation (ADR 0102). Each route's zod response schema is compiled once, at
 * start-up, into a fast-json-stringify serializer: no zod parse per answer, and only the
 * properties the schema names are written — every object is closed (`additionalProperties:
 * false`), so an unknown key (a hash, an internal column) never leaves the server, as the zod
 * parse guaranteed. A schema fast-json-stringify cannot write faithfully (a union, an
 * intersection, a recursive or referenced schema, a transform) keeps the zod path for its route.
 * The guard that answers match their schemas is the route suite (test/helpers/response-schemas.ts).
 */

type Json = Record<string, unknown>;
type Serialize = (data: unknown) => string;

/** Keywords fast-json-stringify would need ajv at run time for, or reads differently from zod. */
const UNFAITHFUL = [
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  '$ref',
  '$defs',
  'definitions',
  'patternProperties',
];

/** Why a JSON schema cannot be written by fast-json-stringify as zod would, or null when it can. */
const normalise = (node: unknown, path: string): { schema: unknown; reason: string | null } => {
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    for (const [i, item] of node.entries()) {
      const r = normalise(item, `${path}/${i}`);
      if (r.reason) return r;
      out.push(r.schema);
    }
    return { schema: out, reason: null };
  }
  if (!node || typeof node !== 'object') return { schema: node, reason: null };
  let n = node as Json;
  // `X | null` (zod's .nullable() of an object or array) is the same as X with "null" among its types.
  const any = n.anyOf as Json[] | undefined;
  if (Array.isArray(any) && any.length === 2 && Object.keys(n).length === 1) {
    const other = any.find((s) => s.type !== 'null');
    const hasNull = any.some((s) => s.type === 'null' && Object.keys(s).length === 1);
    if (other && hasNull && typeof other.type === 'string' && other.const === undefined) {
      n = { ...other, type: [other.type, 'null'] };
    }
  }
  const bad = UNFAITHFUL.find((k) => k in n);
  if (bad) return { schema: n, reason: `${bad} at ${path || '/'}` };
  // fast-json-stringify writes a `const` as given, whatever the value; zod checked it.
  if ('const' in n && Array.isArray(n.type)) return { schema: n, reason: `nullable const at ${path || '/'}` };
  const out: Json = {};
  for (const [key, value] of Object.entries(n)) {
    if (key === '$schema') continue;
    const r = normalise(value, `${path}/${key}`);
    if (r.reason) return r;
    out[key] = r.schema;
  }
  const types = Array.isArray(out.type) ? out.type : [out.type];
  // An object with named properties and no rule for others: write only those (zod strips the rest).
  if (types.includes('object') && out.additionalProperties === undefined) out.additionalProperties = false;
  return { schema: out, reason: null };
};

/** A fast serializer for a zod schema, or the reason there is none. */
export const compileFastSerializer = (schema: z.ZodType): { serialize: Serialize } | { reason: string } => {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
    });
  } catch (err) {
    return { reason: `not representable: ${(err as Error).message.split('\n')[0]}` };
  }
  const { schema: normalised, reason } = normalise(json, '');
  if (reason) return { reason };
  try {
    return { serialize: fastJson(normalised as Parameters<typeof fastJson>[0]) };
  } catch (err) {
    return { reason: `fast-json-stringify: ${(err as Error).message.split('\n')[0]}` };
  }
};

export interface SerializerReport {
  /** Route answers written by a compiled serializer. */
  fast: string[];
  /** Route answers that keep the zod parse, with the reason. */
  fallback: Array<{ route: string; reason: string }>;
}

type RouteSchema = z.ZodType | { properties: z.ZodType };

/** Fastify's serializer compiler: compiled where faithful, zod's otherwise; both listed in `report`. */
export const createSerializerCompiler = (): {
  compiler: FastifySerializerCompiler<RouteSchema>;
  report: SerializerReport;
} => {
  const report: SerializerReport = { fast: [], fallback: [] };
  const compiler = ((route: Parameters<typeof zodSerializerCompiler>[0] & { httpStatus?: string }) => {
    const name = `${route.method} ${route.url} ${route.httpStatus ?? ''}`.trim();
    const given = route.schema as RouteSchema;
    const schema = given instanceof z.ZodType ? given : given.properties;
    if (schema instanceof z.ZodType) {
      const fast = compileFastSerializer(schema);
      if ('serialize' in fast) {
        report.fast.push(name);
        return fast.serialize;
      }
      report.fallback.push({ route: name, reason: fast.reason });
    }
    return zodSerializerCompiler(route);
  }) as unknown as FastifySerializerCompiler<RouteSchema>;
  return { compiler, report };
};
