import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  IMPORT_MESSAGES,
  idParamsSchema,
  importApplyBodySchema,
  importMappingBodySchema,
  importMappingSchema,
  importRevertBodySchema,
  importSchema,
  importTemplateSchema,
  importUploadFieldsSchema,
  msgSchema,
  pageQuerySchema,
  pageOf,
  validationErrorSchema,
  IMPORT_ENTITIES,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { csvStream } from '../../lib/csv';
import { AppError, BadRequestError, ValidationError } from '../../lib/errors';
import { toPage } from '../../lib/page';
import { authOf } from '../../plugins/session';
import { assertCanImport } from './imports.policy';
import * as imports from './imports.service';

const tags = ['imports'];
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };
const one = z.object({ data: importSchema });

interface Upload {
  path: string;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * The multipart upload: the `file` part streamed to a temporary file as it arrives (never held in
 * memory), 413 past IMPORT_MAX_BYTES; the other parts as text fields, in any order.
 */
const receiveUpload = async (req: FastifyRequest, maxBytes: number, dir: string): Promise<Upload> => {
  if (!req.isMultipart()) throw ValidationError.field('file', IMPORT_MESSAGES.fileRequired);
  const file = path.join(dir, 'upload');
  let fileName: string | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || fileName !== null) {
          part.file.resume();
          continue;
        }
        fileName = part.filename ?? '';
        await pipeline(part.file, fs.createWriteStream(file));
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'payload_too_large', IMPORT_MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw ValidationError.field('file', IMPORT_MESSAGES.fileRequired);
    if (err instanceof AppError) throw err;
    throw new BadRequestError();
  }
  if (fileName === null) throw ValidationError.field('file', IMPORT_MESSAGES.fileRequired);
  return { path: file, fileName, fields };
};

/** The optional `mapping` field: JSON of field → header. */
const mappingOf = (text: string | undefined): Record<string, string> | null => {
  if (text === undefined || text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw ValidationError.field('mapping', IMPORT_MESSAGES.mappingInvalid);
  }
  const parsed = importMappingSchema.safeParse(value);
  if (!parsed.success) throw ValidationError.field('mapping', IMPORT_MESSAGES.mappingInvalid);
  return parsed.data;
};

export const importsRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.post('/api/imports', {
    preParsing,
    schema: {
      tags,
      summary:
        'Upload a CSV or XLSX file to import (multipart: `entity`, `file`, optional `mapping` JSON of field → header); answers the import in `validating` once its rows are staged, and a job validates the whole file (status `preview`, ADR 0103)',
      consumes: ['multipart/form-data'],
      response: { 201: one, 413: msgSchema, ...errors },
    },
    handler: async (req, reply) => {
      const actor = authOf(req).user;
      assertCanImport(actor);
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'frontage-import-'));
      try {
        const upload = await receiveUpload(req, deps.config.imports.maxBytes, dir);
        const fields = importUploadFieldsSchema.safeParse({ entity: upload.fields.entity });
        if (!fields.success) throw ValidationError.field('entity', IMPORT_MESSAGES.entityUnknown);
        const data = await imports.create(deps, actor, {
          entity: fields.data.entity,
          fileName: upload.fileName,
          path: upload.path,
          mapping: mappingOf(upload.fields.mapping),
        });
        return reply.code(201).send({ data });
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
  });

  app.get('/api/imports', {
    preParsing,
    schema: {
      tags,
      summary: 'Imports, newest first: your own (admins: everyone’s)',
      querystring: pageQuerySchema,
      response: { 200: pageOf(importSchema), ...errors },
    },
    handler: async (req) => {
      const { page, per_page } = req.query;
      const { data, total } = await imports.list(deps, authOf(req).user, page, per_page);
      return toPage(data, { total, page, perPage: per_page });
    },
  });

  app.get('/api/imports/templates', {
    preParsing,
    schema: {
      tags,
      summary: 'The saved mapping templates of an entity type',
      querystring: z.object({ entity: z.enum(IMPORT_ENTITIES) }),
      response: { 200: z.object({ data: z.array(importTemplateSchema) }), ...errors },
    },
    handler: async (req) => ({ data: (await imports.templates(deps, req.query.entity)) as never }),
  });

  app.get('/api/imports/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'An import: status, counts per outcome, progress, and the first rows of each outcome',
      params: idParamsSchema,
      response: { 200: one, ...errors },
    },
    handler: async (req) => ({ data: await imports.get(deps, authOf(req).user, req.params.id) }),
  });

  app.get('/api/imports/:id/errors.csv', {
    preParsing,
    schema: {
      tags,
      summary: 'The error rows of an import as CSV: line, errors, and the row as read',
      params: idParamsSchema,
      response: { 200: z.unknown().describe('text/csv'), ...errors },
    },
    handler: async (req, reply) => {
      const { columns, batches, fileName } = await imports.errorLines(deps, authOf(req).user, req.params.id);
      const stream = csvStream(columns, batches, (err) => req.log.error({ err }, 'import errors.csv failed'));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  });

  app.put('/api/imports/:id/mapping', {
    preParsing,
    schema: {
      tags,
      summary: 'Map the columns again (optionally saved as a named template); every row is validated again',
      params: idParamsSchema,
      body: importMappingBodySchema,
      response: { 200: one, ...errors },
    },
    handler: async (req) => ({ data: await imports.remap(deps, authOf(req).user, req.params.id, req.body) }),
  });

  app.post('/api/imports/:id/apply', {
    preParsing,
    schema: {
      tags,
      summary:
        'Apply a previewed import as a background job (status applying → applied, with progress); `all` and `groups` choose create, update or skip for duplicate groups',
      params: idParamsSchema,
      body: importApplyBodySchema,
      response: { 202: one, 503: msgSchema, ...errors },
    },
    handler: async (req, reply) =>
      reply.code(202).send({ data: await imports.apply(deps, authOf(req).user, req.params.id, req.body) }),
  });

  app.post('/api/imports/:id/revert', {
    preParsing,
    schema: {
      tags,
      summary:
        'Revert an applied import within 30 days (created records deleted, updated ones restored); records edited since are conflicts unless `force`',
      params: idParamsSchema,
      body: importRevertBodySchema,
      response: { 202: one, 503: msgSchema, ...errors },
    },
    handler: async (req, reply) =>
      reply
        .code(202)
        .send({ data: await imports.revert(deps, authOf(req).user, req.params.id, req.body.force) }),
  });
};
