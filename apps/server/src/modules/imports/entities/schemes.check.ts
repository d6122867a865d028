import { IMPORT_MESSAGES, SCHEME_TYPES, schemeCreateSchema, schemeUpdateSchema } from '@frontage/shared';
import { companyMatchKey, parseNumber, parseYesNo, plainKey } from '../import.values';
import { asCreateAndUpdate } from './narrowed';
import { textErrors } from './row-errors';
import type { CheckedRow, MappedRow, RowError } from './types';

/**
 * A row of a schemes file as the API's payloads (schemes.ts says what they are), checked on a
 * worker thread (ADR 0115): pure, with the batch's companies read beforehand.
 */

/** The companies the batch's landlord and landlord's agent cells name: match key → ids. */
export interface SchemeLookups {
  companies: Map<string, number[]>;
}

const ADDRESS_KEYS = new Set(['street', 'street2', 'city', 'region', 'post_code']);
const LISTS = { landlord: 'landlords', landlord_agent: 'landlord_agents' } as const;

type Body = Record<string, unknown>;

/** "shopping centre", "LEISURE" → the scheme type as SCHEME_TYPES spells it; else the text. */
const schemeType = (text: string): string =>
  SCHEME_TYPES.find((t) => plainKey(t).replace(/s$/, '') === plainKey(text).replace(/s$/, '')) ?? text;

const valuesOf = (v: Record<string, string>, companies: Map<string, number[]>) => {
  const errors: RowError[] = [];
  const fields: Body = {};
  const address: Body = {};
  for (const [key, raw] of Object.entries(v)) {
    const text = raw.trim();
    if (!text) continue;
    if (ADDRESS_KEYS.has(key)) address[key] = text;
    else if (key === 'type') fields.type = schemeType(text);
    else if (key === 'opened' || key === 'car_spaces') {
      const n = parseNumber(text);
      if (n === undefined) errors.push({ field: key, message: IMPORT_MESSAGES.rowNumber });
      else fields[key] = n === null ? null : Number(n);
    } else if (key === 'under_construction') {
      const b = parseYesNo(text);
      if (b === undefined) errors.push({ field: key, message: IMPORT_MESSAGES.rowYesNo });
      else fields.is_under_construction = b;
    } else if (key === 'landlord' || key === 'landlord_agent') {
      const ids = companies.get(companyMatchKey(text)) ?? [];
      if (ids.length === 1) fields[LISTS[key]] = [ids[0]];
      else
        errors.push({
          field: key,
          message: ids.length
            ? IMPORT_MESSAGES.ambiguousCompany(text)
            : IMPORT_MESSAGES.unresolvedCompany(text),
        });
    } else fields[key] = text;
  }
  return { errors, fields, address };
};

export const checkSchemeRow = (row: MappedRow, _actor: unknown, { companies }: SchemeLookups): CheckedRow => {
  const errors = textErrors(row.values);
  if (errors.length) return { payload: null, errors, keys: [] };
  const { errors: cellErrors, fields, address } = valuesOf(row.values, companies);
  const body = { ...fields, address };
  const parsed = asCreateAndUpdate(
    { create: schemeCreateSchema, update: schemeUpdateSchema },
    { create: body, update: body },
    cellErrors,
  );
  if ('errors' in parsed) return { payload: null, errors: parsed.errors, keys: [] };
  const keys = [`scheme:${plainKey(parsed.create.name)}|${plainKey(String(address.city ?? ''))}`];
  return { payload: parsed, errors: [], keys };
};
