import { IMPORT_FIELDS, IMPORT_MESSAGES, propertyCreateSchema, propertyUpdateSchema } from '@frontage/shared';
import {
  companyMatchKey,
  parseArea,
  parseAreaUnit,
  parseDate,
  parseNumber,
  postCodeKey,
  propertyKey,
} from '../import.values';
import { LEASE_TERM_FIELDS, leaseTermOf } from './choices';
import { asCreateAndUpdate } from './narrowed';
import { textErrors } from './row-errors';
import type { CheckedRow, MappedRow, RowError } from './types';

/**
 * A row of a properties file as the API's payloads (properties.ts says what they are), checked on
 * a worker thread (ADR 0115): pure, with the batch's companies read beforehand.
 */

/** The companies the batch's tenant and landlord cells name: match key → ids. */
export interface PropertyLookups {
  companies: Map<string, number[]>;
}

const FIELDS = IMPORT_FIELDS.properties;
const kindOf = new Map(FIELDS.map((f) => [f.key, f.kind]));
const ADDRESS_KEYS = ['street', 'street2', 'city', 'region', 'post_code'] as const;

type Body = Record<string, unknown>;

/** The row's cells as payload values; errors for those that cannot be read. */
const valuesOf = (v: Record<string, string>, companies: Map<string, number[]>) => {
  const errors: RowError[] = [];
  const fields: Body = {};
  const address: Body = {};
  let unit: 'sqft' | 'sqm' | null = null;
  const unitCell = v.area_size_type ?? '';
  const statedUnit = parseAreaUnit(unitCell);
  if (statedUnit === undefined)
    errors.push({ field: 'area_size_type', message: IMPORT_MESSAGES.rowAreaUnit });
  else unit = statedUnit;
  for (const [key, raw] of Object.entries(v)) {
    const text = raw.trim();
    if (!text || key === 'area_size_type') continue;
    const kind = kindOf.get(key);
    if ((ADDRESS_KEYS as readonly string[]).includes(key)) address[key] = text;
    else if (key === 'unit') fields.building_num = text;
    else if (kind === 'money') {
      const n = parseNumber(text);
      if (n === undefined) errors.push({ field: key, message: IMPORT_MESSAGES.rowNumber });
      else fields[key] = n;
    } else if (kind === 'date') {
      const d = parseDate(text);
      if (d === undefined) errors.push({ field: key, message: IMPORT_MESSAGES.rowDate });
      else fields[key] = d;
    } else if (kind === 'area') {
      const a = parseArea(text);
      if (a === undefined) errors.push({ field: key, message: IMPORT_MESSAGES.rowNumber });
      else {
        fields[key] = a.value === null ? null : Number(a.value);
        unit ??= a.unit;
      }
    } else if (kind === 'company') {
      const ids = companies.get(companyMatchKey(text)) ?? [];
      if (ids.length !== 1)
        errors.push({
          field: key,
          message: ids.length
            ? IMPORT_MESSAGES.ambiguousCompany(text)
            : IMPORT_MESSAGES.unresolvedCompany(text),
        });
      else if (key === 'tenant') fields.company_id = ids[0];
      else fields.landlords = [ids[0]];
    } else if (LEASE_TERM_FIELDS.has(key)) {
      const term = leaseTermOf(key, text);
      if ('error' in term) errors.push(term.error);
      else fields[key] = term.value;
    } else fields[key] = text;
  }
  return { errors, fields, address, unit };
};

export const checkPropertyRow = (
  row: MappedRow,
  _actor: unknown,
  { companies }: PropertyLookups,
): CheckedRow => {
  const errors = textErrors(row.values);
  if (errors.length) return { payload: null, errors, keys: [] };
  const { errors: cellErrors, fields, address, unit } = valuesOf(row.values, companies);
  if (!Object.keys(fields).length && !Object.keys(address).length)
    return { payload: null, errors: [{ field: null, message: IMPORT_MESSAGES.rowEmpty }], keys: [] };
  const parsed = asCreateAndUpdate(
    { create: propertyCreateSchema, update: propertyUpdateSchema },
    { create: { ...fields, area_size_type: unit ?? 'sqft', address }, update: { ...fields, address } },
    cellErrors,
  );
  if ('errors' in parsed) return { payload: null, errors: parsed.errors, keys: [] };
  const pc = String(address.post_code ?? '');
  const keys = postCodeKey(pc)
    ? [propertyKey(String(fields.building_num ?? ''), String(address.street ?? ''), pc)]
    : [];
  return { payload: { ...parsed, unit: unit ?? 'sqft' }, errors: [], keys };
};
