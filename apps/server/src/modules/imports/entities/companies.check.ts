import { companyFieldsSchema, normaliseDomain } from '@frontage/shared';
import { companyMatchKey } from '../import.values';
import { issuesOf, textErrors } from './row-errors';
import type { CheckedRow, MappedRow } from './types';

/**
 * A row of a companies file as the API's payload (companies.ts says what it is), checked on a
 * worker thread (ADR 0115): pure, and needs nothing read beforehand.
 */

export const checkCompanyRow = (row: MappedRow): CheckedRow => {
  const v = row.values;
  const errors = textErrors(v);
  if (errors.length) return { payload: null, errors, keys: [] };
  const parsed = companyFieldsSchema.safeParse({
    name: v.name ?? '',
    domain: v.domain || null,
    phone: v.phone || null,
  });
  if (!parsed.success) return { payload: null, errors: issuesOf(parsed.error), keys: [] };
  const p = parsed.data;
  const keys = [`name:${companyMatchKey(p.name)}`];
  if (p.domain) keys.push(`domain:${normaliseDomain(p.domain)}`);
  return { payload: { name: p.name, domain: p.domain, phone: p.phone }, errors: [], keys };
};
