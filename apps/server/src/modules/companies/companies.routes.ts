import {
  staleOf,
  COMPANY_MESSAGES,
  actionSchema,
  companyByDomainQuerySchema,
  companySimilarQuerySchema,
  similarCompanySchema,
  companyCategoryListSchema,
  companyFieldsSchema,
  companyListQuerySchema,
  companyMergeBodySchema,
  companyMergeResultSchema,
  companySchema,
  companyUpdateBodySchema,
  companyVerifyBodySchema,
  dataOf,
  msgSchema,
  pageOf,
  validationErrorSchema,
  idParamsSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { AppError, BadRequestError, ValidationError } from '../../lib/errors';
import { assertStorable } from '../../plugins/input-guard';
import { authOf } from '../../plugins/session';
import { exportCompanies } from './companies.export';
import * as companies from './companies.service';
import { hasExplicitSort } from './search';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { ifMatchOf, versioned } from '../../lib/if-match';

const tags = ['companies'];
/** A streamed CSV file (text/csv), not JSON. */
const csvBody = z.unknown().describe('text/csv');
const idParams = idParamsSchema;
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };
const deleted = actionSchema(z.null());

/** A logo over the limit: 413 with the form's own message, and nothing stored. */
const tooLarge = () => new AppError(413, 'payload_too_large', COMPANY_MESSAGES.logoTooLarge);

/**
 * Reads a multipart company form: text fields (`categories[]` and repeated `categories` collect
 * into one list) and the `logo` file, if one was chosen. An empty file part (a form submitted
 * without choosing a file) means no logo.
 */
export const readMultipart = async (
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; logo: Buffer | null }> => {
  const fields: Record<string, unknown> = {};
  const categories: string[] = [];
  let logo: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'logo' && logo === null) {
          const buf = await part.toBuffer();
          logo = buf.length ? buf : null;
        } else {
          part.file.resume();
        }
      } else if (
        part.fieldname === 'categories' ||
        part.fieldname === 'categories[]' ||
        /^categories\[\d+\]$/.test(part.fieldname)
      ) {
        const v = String(part.value ?? '');
        categories.push(
          ...v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (err instanceof AppError) throw err;
    // No boundary, cut off mid-part, not multipart at all: the body cannot be read.
    throw new BadRequestError();
  }
  if (categories.length) fields.categories = categories;
  assertStorable(fields);
  return { fields, logo };
};

/** A create-company body: multipart (the dialog, with a logo) or plain JSON (no logo). */
const readCompanyForm = async (req: FastifyRequest) => {
  if (req.isMultipart()) {
    const { fields, logo } = await readMultipart(req);
    return { input: companyFieldsSchema.parse(fields), logo };
  }
  return { input: companyFieldsSchema.parse(req.body ?? {}), logo: null };
};

const readLogoOnly = async (req: FastifyRequest): Promise<Buffer | null> =>
  req.isMultipart() ? (await readMultipart(req)).logo : null;

export const companiesRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/companies', {
    preParsing,
    schema: {
      tags,
      summary: 'Search and list companies (word starts of the name and domain, ADR 0030)',
      querystring: companyListQuerySchema,
      response: { 200: pageOf(companySchema), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => companies.list(deps, req.query, hasExplicitSort(req.url)),
  });

  app.get('/api/companies/export', {
    preParsing,
    schema: {
      tags,
      summary: 'Every company matching the list filters, as a streamed CSV file',
      querystring: companyListQuerySchema.omit({ page: true, per_page: true, include: true }),
      response: { 200: csvBody, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      const out = await exportCompanies(deps, req.query, req.query.sort, (err) =>
        req.log.error({ err }, 'export failed'),
      );
      return sendCsvExport(reply, out);
    },
  });

  app.get('/api/companies/by-domain', {
    preParsing,
    schema: {
      tags,
      summary:
        'The one company holding this web domain (an e-mail domain; any case, with or without "www." or "@"), ADR 0072',
      querystring: companyByDomainQuerySchema,
      response: { 200: dataOf(companySchema), ...errors },
    },
    handler: async (req) => ({ data: await companies.byDomain(deps, req.query.domain) }),
  });

  app.get('/api/companies/similar', {
    preParsing,
    schema: {
      tags,
      summary:
        'Companies a new one may duplicate: the same name, the same domain or a very similar name (trigrams), ADR 0082',
      querystring: companySimilarQuerySchema,
      response: { 200: dataOf(z.array(similarCompanySchema)), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req) => ({ data: await companies.similar(deps, req.query) }),
  });

  app.get('/api/company-categories', {
    preParsing,
    schema: {
      tags,
      summary: 'Every company category, by name',
      response: { 200: companyCategoryListSchema, 401: msgSchema },
    },
    handler: async () => ({ data: await companies.categories(deps) }),
  });

  app.post('/api/companies', {
    preParsing,
    schema: {
      tags,
      summary:
        'Create a company (multipart: logo, name, domain, phone, categories[]; categories for admins only)',
      consumes: ['multipart/form-data', 'application/json'],
      response: { 201: dataOf(companySchema), ...errors, 413: msgSchema },
    },
    handler: async (req, reply) => {
      const { input, logo } = await readCompanyForm(req);
      const data = await companies.create(deps, authOf(req).user, input, logo);
      return reply.code(201).send({ data });
    },
  });

  app.get('/api/companies/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'One company (include: scraper, contacts_count)',
      params: idParams,
      querystring: z.object({ include: z.string().optional() }),
      response: { 200: dataOf(companySchema), ...errors },
    },
    handler: async (req, reply) =>
      versioned(reply, await companies.get(deps, req.params.id, req.query.include)),
  });

  app.put('/api/companies/:id', {
    preParsing,
    schema: {
      tags,
      summary:
        'Edit a company (admin, or a member of it); categories for admins only; If-Match: the version read, else 412',
      params: idParams,
      body: companyUpdateBodySchema,
      response: { 200: dataOf(companySchema), ...errors, 412: staleOf(companySchema) },
    },
    handler: async (req, reply) =>
      versioned(
        reply,
        await companies.update(
          deps,
          authOf(req).user,
          req.params.id,
          req.body,
          ifMatchOf(req.headers['if-match']),
        ),
      ),
  });

  app.delete('/api/companies/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'Delete a company (admin)',
      params: idParams,
      response: { 200: deleted, ...errors },
    },
    handler: async (req) => {
      await companies.remove(deps, authOf(req).user, req.params.id);
      return { status: 'success' as const, msg: COMPANY_MESSAGES.deleted, data: null };
    },
  });

  app.get('/api/companies/:id/logo', {
    preParsing,
    schema: {
      tags,
      summary: 'The logo image (works from <img src>: no X-Requested-With needed, the session cookie is)',
      params: idParams,
      querystring: z.object({ v: z.string().max(64).optional() }),
      response: {
        200: z.unknown().describe('image/png or image/jpeg'),
        304: z.null().describe('Not modified'),
        401: msgSchema,
        404: msgSchema,
      },
    },
    handler: async (req, reply) => {
      const logo = await companies.getLogo(deps, req.params.id);
      const etag = `"${logo.etag}"`;
      // Signed-in data: private caches only. The versioned URL (companies.presenter) never
      // changes its bytes; any other is revalidated against the ETag.
      const versioned = req.query.v === logo.etag.slice(0, 12);
      reply
        .header('Cache-Control', versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache')
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff');
      const inm = String(req.headers['if-none-match'] ?? '');
      if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
        return reply.code(304).send(null);
      return reply.type(logo.mime).send(logo.bytes);
    },
  });

  app.post('/api/companies/:id/logo', {
    preParsing,
    schema: {
      tags,
      summary: 'Replace the logo (multipart `logo`; admin or a member of the company)',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 200: dataOf(companySchema), ...errors, 413: msgSchema },
    },
    handler: async (req) => {
      const logo = await readLogoOnly(req);
      if (!logo) throw ValidationError.field('logo', COMPANY_MESSAGES.logoRequired);
      return { data: await companies.setLogo(deps, authOf(req).user, req.params.id, logo) };
    },
  });

  app.delete('/api/companies/:id/logo', {
    preParsing,
    schema: {
      tags,
      summary: 'Remove the logo',
      params: idParams,
      response: { 200: dataOf(companySchema), ...errors },
    },
    handler: async (req) => ({ data: await companies.setLogo(deps, authOf(req).user, req.params.id, null) }),
  });

  app.put('/api/companies/:id/verification', {
    preParsing,
    schema: {
      tags,
      summary: 'Mark a retailer verified (now) or no longer verified (admin)',
      params: idParams,
      body: companyVerifyBodySchema,
      response: { 200: dataOf(companySchema), ...errors },
    },
    handler: async (req) => ({
      data: await companies.verify(deps, authOf(req).user, req.params.id, req.body.is_verified),
    }),
  });

  app.post('/api/companies/:id/merge', {
    preParsing,
    schema: {
      tags,
      summary: 'Fold this duplicate into target_id: every reference moves, this company is removed (admin)',
      params: idParams,
      body: companyMergeBodySchema,
      response: { 200: actionSchema(companyMergeResultSchema), ...errors },
    },
    handler: async (req) => ({
      status: 'success' as const,
      msg: COMPANY_MESSAGES.merged,
      data: await companies.merge(deps, authOf(req).user, req.params.id, req.body.target_id),
    }),
  });
};
