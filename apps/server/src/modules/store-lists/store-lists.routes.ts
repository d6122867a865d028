import { PassThrough } from 'node:stream';
import {
  STORE_LIST_MAX_BYTES,
  STORE_LIST_MESSAGES,
  idParamsSchema,
  msgSchema,
  storeListApplyBodySchema,
  storeListPreviewSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { AppError, BadRequestError, ValidationError } from '../../lib/errors';
import { authOf } from '../../plugins/session';
import { runApply } from './store-list.apply';
import { assertCanReconcile } from './store-lists.policy';
import * as storeLists from './store-lists.service';

const tags = ['core'];
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };

/** The one `file` part of the upload (other parts are drained); 413 past the size limit. */
const readFile = async (req: FastifyRequest): Promise<{ name: string; bytes: Buffer }> => {
  if (!req.isMultipart()) throw ValidationError.field('file', STORE_LIST_MESSAGES.fileRequired);
  let found: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: STORE_LIST_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file' && part.fieldname === 'file' && !found) {
        found = { name: part.filename ?? '', bytes: await part.toBuffer() };
      } else if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'payload_too_large', STORE_LIST_MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw ValidationError.field('file', STORE_LIST_MESSAGES.fileRequired);
    if (err instanceof AppError) throw err;
    throw new BadRequestError();
  }
  if (!found?.bytes.length) throw ValidationError.field('file', STORE_LIST_MESSAGES.fileRequired);
  return found;
};

export const storeListsRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.post('/api/core/retailers/:id/store-list/preview', {
    preParsing,
    schema: {
      tags,
      summary: "Read a tracked retailer's store list (multipart `file`: CSV or XLSX) and match it (admins)",
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      response: { 200: z.object({ data: storeListPreviewSchema }), 413: msgSchema, ...errors },
    },
    handler: async (req) => {
      // Refused before the upload is read or the retailer looked at.
      assertCanReconcile(authOf(req).user);
      await storeLists.trackedRetailer(deps.db, req.params.id);
      const file = await readFile(req);
      return { data: await storeLists.preview(deps, req.params.id, file.name, file.bytes) };
    },
  });

  app.post('/api/core/retailers/:id/store-list/apply', {
    preParsing,
    schema: {
      tags,
      summary:
        'Apply chosen rows of a previewed store list in one transaction (admins); answers application/x-ndjson progress, then the result or the failing row',
      params: idParamsSchema,
      body: storeListApplyBodySchema,
      response: { 200: z.unknown().describe('application/x-ndjson'), ...errors },
    },
    handler: async (req, reply) => {
      const actor = authOf(req).user;
      assertCanReconcile(actor);
      // Bad input found before writing starts is a plain 422.
      await storeLists.checkApply(deps, req.params.id, req.body);
      const out = new PassThrough();
      const write = (e: object) => out.write(`${JSON.stringify(e)}\n`);
      void runApply(deps, actor, req.params.id, req.body, write, (err) =>
        req.log.error({ err }, 'store-list apply failed'),
      ).finally(() => out.end());
      return reply.header('Content-Type', 'application/x-ndjson; charset=utf-8').send(out);
    },
  });
};
