import {
  IMPORT_MESSAGES,
  SCHEME_TYPES,
  isAdmin,
  schemeCreateSchema,
  schemeUpdateSchema,
} from '@frontage/shared';
import type { z } from 'zod';
import * as schemes from '../../schemes/schemes.service';
import * as records from '../import-records.repository';
import { companyMatchKey, parseNumber, parseYesNo, plainKey } from '../import.values';
import { companiesNamed } from './company-keys';
import { issuesOf, textErrors } from './row-errors';
import type { CheckedRow, ImportAdapter, MappedRow, RowError } from './types';

/**
 * Schemes: name, type, address, opened, car spaces, under construction, and the landlord and the
 * landlord's agent named by company name. A row is validated by schemeCreateSchema and
 * schemeUpdateSchema (POST and PUT /api/schemes); matched by name + town (letters and digits,
 * case aside). Writes go through the schemes service (history, derived tables by triggers).
 */

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

const check = (row: MappedRow, companies: Map<string, number[]>): CheckedRow => {
  const errors = textErrors(row.values);
  if (errors.length) return { payload: null, errors, keys: [] };
  const { errors: cellErrors, fields, address } = valuesOf(row.values, companies);
  const create = schemeCreateSchema.safeParse({ ...fields, address });
  const update = schemeUpdateSchema.safeParse({ ...fields, address });
  const all = [...cellErrors, ...(create.success ? [] : issuesOf(create.error))];
  if (all.length || !create.success || !update.success)
    return { payload: null, errors: all.length ? all : issuesOf(update.error!), keys: [] };
  const keys = [`scheme:${plainKey(create.data.name)}|${plainKey(String(address.city ?? ''))}`];
  return { payload: { create: create.data, update: update.data }, errors: [], keys };
};

type UpdateBody = z.output<typeof schemeUpdateSchema>;

export const schemesAdapter: ImportAdapter = {
  check: async (db, rows) => {
    const names = rows.flatMap((r) => [r.values.landlord ?? '', r.values.landlord_agent ?? '']);
    const companies = await companiesNamed(
      db,
      names.filter((n) => n.trim()),
    );
    return rows.map((r) => check(r, companies));
  },
  existing: async (db, keys) => {
    const wanted = new Set(keys);
    const names = [...new Set(keys.map((k) => k.slice(7).split('|')[0]!))];
    const out = new Map<string, number[]>();
    for (const s of await records.schemesByNameKeys(db, names)) {
      const key = `scheme:${s.name}|${s.town}`;
      if (wanted.has(key)) out.set(key, [...(out.get(key) ?? []), s.id]);
    }
    return out;
  },
  // An agent updates only schemes their company is the landlord or the landlord's agent of (ADR 0094).
  owned: async (db, actor, ids) => {
    if (isAdmin(actor)) return new Set(ids);
    if (actor.company_id === null) return new Set();
    return new Set(await records.schemesHeldBy(db, actor.company_id, ids));
  },
  create: async (deps, actor, payload) =>
    (await schemes.create(deps, actor, payload.create as z.output<typeof schemeCreateSchema>)).id,
  before: async (deps, id, payload) => {
    const s = await schemes.getScheme(deps.db, id);
    const out: Body = {};
    for (const k of Object.keys(payload.update as Body)) {
      if (k === 'address') {
        const a = ((payload.update as Body).address ?? {}) as Body;
        const stored = (s.address ?? {}) as Body;
        out.address = Object.fromEntries(Object.keys(a).map((f) => [f, stored[f] ?? null]));
      } else if (k === 'landlords' || k === 'landlord_agents') out[k] = (s[k] ?? []).map((c) => c.id);
      else if (k === 'opened') out.opened = s.opened_at;
      else out[k] = (s as Body)[k] ?? null;
    }
    return { update: out };
  },
  update: async (deps, actor, id, payload) => {
    const current = await schemes.getScheme(deps.db, id);
    const body = { ...(payload.update as Body) };
    // The keys the row matched by are kept as the scheme writes them.
    if (typeof body.name === 'string' && plainKey(body.name) === plainKey(current.name)) delete body.name;
    const address = body.address as Body | undefined;
    if (address && plainKey(String(address.city ?? '')) === plainKey(current.address?.city ?? '')) {
      body.address = { ...address };
      delete (body.address as Body).city;
    }
    await schemes.update(deps, actor, id, body as UpdateBody);
  },
  remove: async (deps, _actor, id) => records.deleteScheme(deps.db, id),
  markHistory: records.markSchemeHistory,
  stamp: (db, id) => records.stampOf(db, 'schemes', id),
};
