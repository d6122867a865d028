import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * The guard that answers match their documented schemas (ADR 0102). The server writes answers with
 * compiled serializers and no longer parses them with zod; in every test, each answer with a
 * documented schema for its status is checked twice:
 * - before it is written, the value the route returned is encoded with the zod schema, as the
 *   server did at run time (a missing field, a wrong type, a stray string where a number belongs);
 * - as written, the JSON parses with the schema and the parse keeps every key: a key the schema
 *   does not name (a hash, an internal column) would be dropped by the parse, so it fails here.
 * Every route answer checked is counted by route and status (`checkedAnswers`).
 */

/** `METHOD /path/{param} status` of every answer checked in this test file. */
export const checkedAnswers = new Set<string>();
/**
 * Answers with a documented status that were not JSON (a CSV export, a logo image): sent as a
 * stream or text, they never pass through a serializer, so there is nothing to check.
 */
export const notJsonAnswers = new Set<string>();

type ResponseSchemas = Record<string, unknown>;

/** The route's documented schema for a status, as Fastify picks it: the code, then `2xx`, then `default`. */
export const documentedSchema = (req: FastifyRequest, status: number): z.ZodType | undefined => {
  const response = (req.routeOptions.schema as { response?: ResponseSchemas } | undefined)?.response;
  if (!response) return undefined;
  const s = response[String(status)] ?? response[`${String(status)[0]}xx`] ?? response.default;
  if (s instanceof z.ZodType) return s;
  const props = (s as { properties?: unknown } | undefined)?.properties;
  return props instanceof z.ZodType ? props : undefined;
};

/** The route as the OpenAPI document and the matrix name it: `GET /api/properties/{id}`. */
export const routeName = (req: FastifyRequest): string =>
  `${req.method} ${String(req.routeOptions.url).replace(/:([A-Za-z_]+)/g, '{$1}')}`;

const problemOf = (error: z.ZodError): string =>
  error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');

/** Registers the two checks on a test app; a mismatch throws, so the test sees a 500 and the reason. */
export const checkResponsesAgainstSchemas = (app: FastifyInstance): void => {
  app.addHook('preSerialization', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const schema = documentedSchema(req, reply.statusCode);
    if (!schema) return payload;
    const result = z.safeEncode(schema, payload);
    if (!result.success) {
      throw new Error(
        `${routeName(req)} ${reply.statusCode} answered outside its schema: ${problemOf(result.error)}`,
      );
    }
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const schema = documentedSchema(req, reply.statusCode);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!schema) return payload;
    const name = `${routeName(req)} ${reply.statusCode}`;
    if (typeof payload !== 'string' || !type.includes('json')) {
      notJsonAnswers.add(name);
      return payload;
    }
    const sent: unknown = JSON.parse(payload);
    const parsed = schema.safeParse(sent);
    if (!parsed.success) throw new Error(`${name} sent JSON its schema refuses: ${problemOf(parsed.error)}`);
    // The parse drops keys its objects do not name: any difference is a key that left unnamed.
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), sent)) {
      throw new Error(`${name} sent keys its schema does not name: ${payload.slice(0, 300)}`);
    }
    checkedAnswers.add(name);
    return payload;
  });
};
