import {
  AREA_KEYS,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  M_PER_FT,
  SQFT_PER_SQM,
  isAdmin,
  isLengthArea,
  propertyCreateSchema,
  propertyUpdateSchema,
} from '@frontage/shared';
import type { z } from 'zod';
import { createStandaloneMany } from '../../properties/bulk-create.service';
import * as properties from '../../properties/properties.service';
import * as records from '../import-records.repository';
import {
  companyMatchKey,
  parseArea,
  parseAreaUnit,
  parseDate,
  parseNumber,
  postCodeKey,
  streetKey,
  unitKey,
} from '../import.values';
import { LEASE_TERM_FIELDS, leaseTermOf } from './choices';
import { companiesNamed } from './company-keys';
import { propertiesByKeys, propertyKey } from './property-keys';
import { issuesOf, textErrors } from './row-errors';
import type { CheckedRow, ImportAdapter, MappedRow, RowError } from './types';

/**
 * Properties (standalone units): address, areas with their unit, lease dates, rent, the tenant
 * and landlord named by company name, and the seven lease terms (ADR 0086: codes or labels). A
 * row is validated by propertyCreateSchema (create) and propertyUpdateSchema (the same row as an
 * update: only the cells that have a value change the unit). Matched by unit + street + post
 * code, normalised ("Unit 4" = "4", "LS1 6AL" = "ls16al"). Writes go through the properties
 * service (history, derived tables by triggers).
 */

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

const check = (row: MappedRow, companies: Map<string, number[]>): CheckedRow => {
  const errors = textErrors(row.values);
  if (errors.length) return { payload: null, errors, keys: [] };
  const { errors: cellErrors, fields, address, unit } = valuesOf(row.values, companies);
  if (!Object.keys(fields).length && !Object.keys(address).length)
    return { payload: null, errors: [{ field: null, message: IMPORT_MESSAGES.rowEmpty }], keys: [] };
  const create = propertyCreateSchema.safeParse({ ...fields, area_size_type: unit ?? 'sqft', address });
  const update = propertyUpdateSchema.safeParse({ ...fields, address });
  const all = [...cellErrors, ...(create.success ? [] : issuesOf(create.error))];
  if (all.length || !create.success || !update.success)
    return { payload: null, errors: all.length ? all : issuesOf(update.error!), keys: [] };
  const pc = String(address.post_code ?? '');
  const keys = postCodeKey(pc)
    ? [propertyKey(String(fields.building_num ?? ''), String(address.street ?? ''), pc)]
    : [];
  return { payload: { create: create.data, update: update.data, unit: unit ?? 'sqft' }, errors: [], keys };
};

/** The update's areas in the unit the property is stored in. */
const inUnit = (b: Body, from: string, to: string): Body => {
  if (from === to) return b;
  const out = { ...b };
  for (const k of AREA_KEYS) {
    const v = b[k];
    if (typeof v !== 'number') continue;
    const factor = isLengthArea(k) ? 1 / M_PER_FT : SQFT_PER_SQM;
    out[k] = Math.round((from === 'sqm' ? v * factor : v / factor) * 100) / 100;
  }
  return out;
};

type UpdateBody = z.output<typeof propertyUpdateSchema>;

export const propertiesAdapter: ImportAdapter = {
  check: async (db, rows) => {
    const names = rows
      .flatMap((r) => [r.values.tenant ?? '', r.values.landlord ?? ''])
      .filter((n) => n.trim());
    const companies = await companiesNamed(db, names);
    return rows.map((r) => check(r, companies));
  },
  existing: propertiesByKeys,
  // An agent updates only units their company holds or acts for (ADR 0094).
  owned: async (db, actor, ids) => {
    if (isAdmin(actor)) return new Set(ids);
    if (actor.company_id === null) return new Set();
    return new Set(await records.propertiesHeldBy(db, actor.company_id, ids));
  },
  create: async (deps, actor, payload) => {
    const id = (await properties.createStandalone(deps, actor, payload.create as never)).id;
    return id;
  },
  createMany: (deps, actor, payloads, importId) =>
    createStandaloneMany(
      deps,
      actor,
      payloads.map((p) => p.create as never),
      importId,
    ),
  before: async (deps, id, payload) => {
    const p = await properties.getProperty(deps.db, id);
    const body = payload.update as Body;
    const out: Body = {};
    for (const k of Object.keys(body)) {
      if (k === 'address') {
        const a = (body.address ?? {}) as Body;
        const stored = (p.address ?? {}) as Body;
        out.address = Object.fromEntries(Object.keys(a).map((f) => [f, stored[f] ?? null]));
      } else if (k === 'company_id') out.company_id = p.tenant_id;
      else if (k === 'landlords') out.landlords = (p.landlords ?? []).map((c) => c.id);
      else out[k] = (p as Body)[k] ?? null;
    }
    // The areas are restored in the unit they were stored in.
    return { update: out, unit: p.area_size_type };
  },
  update: async (deps, actor, id, payload) => {
    const current = await properties.getProperty(deps.db, id);
    const body = inUnit(payload.update as Body, String(payload.unit), current.area_size_type);
    // The keys the row matched by are kept as the unit writes them ("Unit 4" stays, not "4").
    if (unitKey(String(body.building_num ?? '')) === unitKey(current.building_num ?? ''))
      delete body.building_num;
    const address = body.address as Body | undefined;
    if (address && current.address) {
      const a = { ...address };
      if (streetKey(String(a.street ?? '')) === streetKey(current.address.street ?? '')) delete a.street;
      if (postCodeKey(String(a.post_code ?? '')) === postCodeKey(current.address.post_code ?? ''))
        delete a.post_code;
      body.address = a;
    }
    await properties.update(deps, actor, id, body as UpdateBody);
  },
  remove: async (deps, _actor, id) => records.deleteProperty(deps.db, id),
  markHistory: records.markHistory,
  stamp: (db, id) => records.stampOf(db, 'properties', id),
};
