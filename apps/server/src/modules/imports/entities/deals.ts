import {
  DEAL_READ_MESSAGES,
  DEAL_TYPE_LABELS,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  dealCreateSchema,
  type Actor,
  type DealCreateParsed,
  type DealType,
} from '@frontage/shared';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { voidDeal } from '../../deals/deal-change.service';
import { assertCanRecordDeal, canRecordDeal } from '../../deals/deals.policy';
import { recordDealIn } from '../../deals/deals.service';
import * as records from '../import-records.repository';
import { parseDate, parseNumber, plainKey, postCodeKey } from '../import.values';
import { choiceOf, leaseTermOf, LEASE_TERM_FIELDS } from './choices';
import { companiesByNameOrDomain } from './company-keys';
import { propertiesByKeys, propertyKey } from './property-keys';
import { issuesOf, textErrors } from './row-errors';
import type { CheckedRow, ImportAdapter, MappedRow, RowError } from './types';

/**
 * Deals (ADR 0099): any of the six types with spec B §3's fields. The place is a unit named by
 * unit + street + post code, or (a sale of a scheme) a scheme by name + town; the parties are
 * companies by name or web domain (lists separated by ";"), contacts by e-mail; the row is then
 * POST /api/deals' own body, validated by dealCreateSchema. A row is written through the deal
 * engine (recordDealIn), so the unit, its history and every derived table change as for a deal
 * recorded in a wizard; revert voids the deal (its effect undone where it still stands). An
 * import records deals, it never corrects one: a row matching a recorded deal (same type, place
 * and day) is created anew or skipped.
 */

const FIELDS = IMPORT_FIELDS.deals;
const kindOf = new Map<string, string>(FIELDS.map((f) => [f.key, f.kind]));
const PLACE_KEYS = new Set(['unit', 'street', 'city', 'post_code', 'scheme']);

/** The payload fields each deal type takes: its schema's keys. */
const TAKES = Object.fromEntries(
  dealCreateSchema.options.map((o) => [o.shape.deal_type.value, new Set(Object.keys(o.shape))]),
) as Record<DealType, Set<string>>;

/** A cell's field as the payload of this type names it (a new letting says tenant_legal_id). */
const payloadKey = (type: DealType, key: string): string => {
  if (key === 'tenant' || key === 'prev_tenant') return `${key}_id`;
  if (key === 'legal_tenant') return type === 'new_letting' ? 'tenant_legal_id' : 'legal_tenant_id';
  if (key === 'prev_legal_tenant')
    return type === 'new_letting' ? 'prev_tenant_legal_id' : 'prev_legal_tenant_id';
  return key;
};
/** A payload path back to the import's field (errors are shown on the file's columns). */
const fieldOfPath = (path: string | null): string | null => {
  if (path === null) return null;
  const m = /^(prev_)?(tenant_legal|legal_tenant|tenant)_id$/.exec(path);
  if (!m) return path === 'property_id' || path === 'scheme_id' ? 'post_code' : path;
  return `${m[1] ?? ''}${m[2] === 'tenant' ? 'tenant' : 'legal_tenant'}`;
};

/** A list cell's items: separated by ";" or a new line (a company name may hold a comma). */
const items = (text: string): string[] =>
  text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

interface Lookups {
  company: (text: string) => number[];
  contacts: Map<string, number>;
  properties: Map<string, number[]>;
  schemes: Map<string, number[]>;
}

const schemeKey = (v: Record<string, string>) => `${plainKey(v.scheme ?? '')}|${plainKey(v.city ?? '')}`;
const placeText = (v: Record<string, string>) =>
  [v.unit, v.street, v.post_code]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(', ');

/** The place of the row: a property id, a scheme id, or its error. */
const placeOf = (
  v: Record<string, string>,
  at: Lookups,
): { property_id: number } | { scheme_id: number } | RowError => {
  if (['unit', 'street', 'post_code'].some((k) => (v[k] ?? '').trim())) {
    const ids = at.properties.get(propertyKey(v.unit ?? '', v.street ?? '', v.post_code ?? '')) ?? [];
    if (ids.length === 1) return { property_id: ids[0]! };
    const text = placeText(v);
    return {
      field: 'post_code',
      message: ids.length
        ? IMPORT_MESSAGES.ambiguousProperty(text)
        : IMPORT_MESSAGES.unresolvedProperty(text),
    };
  }
  const name = (v.scheme ?? '').trim();
  if (!name) return { field: 'post_code', message: IMPORT_MESSAGES.dealPlaceRequired };
  // The town is optional: without it the name alone must be unique.
  const ids = at.schemes.get(schemeKey(v)) ?? [];
  if (ids.length === 1) return { scheme_id: ids[0]! };
  return {
    field: 'scheme',
    message: ids.length ? IMPORT_MESSAGES.ambiguousScheme(name) : IMPORT_MESSAGES.unresolvedScheme(name),
  };
};

/** One cell as the payload's value, or its error. */
const valueOf = (key: string, text: string, at: Lookups): { value: unknown } | { error: RowError } => {
  const kind = kindOf.get(key);
  const err = (message: string) => ({ error: { field: key, message } });
  if (LEASE_TERM_FIELDS.has(key)) return leaseTermOf(key, text);
  if (kind === 'choice') return choiceOf(key, text);
  if (kind === 'date') {
    const d = parseDate(text);
    return d === undefined ? err(IMPORT_MESSAGES.rowDate) : { value: d };
  }
  if (kind === 'money') {
    const n = parseNumber(text);
    return n === undefined ? err(IMPORT_MESSAGES.rowNumber) : { value: n };
  }
  if (kind === 'company' || kind === 'companies') {
    const names = kind === 'company' ? [text] : items(text);
    const ids: number[] = [];
    for (const name of names) {
      const found = at.company(name);
      if (found.length !== 1)
        return err(
          found.length ? IMPORT_MESSAGES.ambiguousCompany(name) : IMPORT_MESSAGES.unresolvedCompany(name),
        );
      ids.push(found[0]!);
    }
    return { value: kind === 'company' ? ids[0] : ids };
  }
  if (kind === 'contacts') {
    const ids: number[] = [];
    for (const email of items(text)) {
      const id = at.contacts.get(email.toLowerCase());
      if (id === undefined) return err(IMPORT_MESSAGES.unresolvedContact(email));
      ids.push(id);
    }
    return { value: ids };
  }
  if (key === 'links') return { value: text.split(/[\s;,]+/).filter(Boolean) };
  return { value: text };
};

const dayOf = (b: DealCreateParsed): string => b.effective_date ?? b.lease_start_date ?? '';

const check = (row: MappedRow, actor: Actor, at: Lookups): CheckedRow => {
  const v = row.values;
  const errors = textErrors(v);
  if (errors.length) return { payload: null, errors, keys: [] };
  const typeText = (v.deal_type ?? '').trim();
  if (!typeText)
    return {
      payload: null,
      errors: [{ field: 'deal_type', message: IMPORT_MESSAGES.dealTypeRequired }],
      keys: [],
    };
  const type = choiceOf('deal_type', typeText);
  if ('error' in type) return { payload: null, errors: [type.error], keys: [] };
  const dealType = type.value as DealType;
  // The rights of recording the deal (a tracked retailer deal: admins only).
  if (!canRecordDeal(actor, dealType))
    errors.push({ field: 'deal_type', message: DEAL_READ_MESSAGES.trackedRetailerAdminOnly });
  const body: Record<string, unknown> = { deal_type: dealType };
  const place = placeOf(v, at);
  if ('message' in place) errors.push(place);
  else if ('scheme_id' in place && dealType !== 'sale')
    errors.push({ field: 'scheme', message: IMPORT_MESSAGES.dealFieldNotOfType(DEAL_TYPE_LABELS[dealType]) });
  else Object.assign(body, place);
  for (const [key, raw] of Object.entries(v)) {
    const text = raw.trim();
    if (!text || key === 'deal_type' || PLACE_KEYS.has(key)) continue;
    const name = payloadKey(dealType, key);
    if (!TAKES[dealType].has(name)) {
      errors.push({ field: key, message: IMPORT_MESSAGES.dealFieldNotOfType(DEAL_TYPE_LABELS[dealType]) });
      continue;
    }
    const r = valueOf(key, text, at);
    if ('error' in r) errors.push(r.error);
    else body[name] = r.value;
  }
  if (errors.length) return { payload: null, errors, keys: [] };
  const parsed = dealCreateSchema.safeParse(body);
  if (!parsed.success)
    return {
      payload: null,
      errors: issuesOf(parsed.error).map((e) => ({ ...e, field: fieldOfPath(e.field) })),
      keys: [],
    };
  const p = parsed.data;
  const where = p.deal_type === 'sale' && p.scheme_id ? `s${p.scheme_id}` : `p${p.property_id}`;
  return {
    payload: p as Record<string, unknown>,
    errors: [],
    keys: [`deal:${p.deal_type}|${where}|${dayOf(p)}`],
  };
};

const lookups = async (db: Db, rows: MappedRow[]): Promise<Lookups> => {
  const companyCells = rows.flatMap((r) =>
    Object.entries(r.values).flatMap(([k, text]) =>
      kindOf.get(k) === 'company' ? [text.trim()] : kindOf.get(k) === 'companies' ? items(text) : [],
    ),
  );
  const emails = rows.flatMap((r) =>
    Object.entries(r.values).flatMap(([k, text]) =>
      kindOf.get(k) === 'contacts' ? items(text).map((e) => e.toLowerCase()) : [],
    ),
  );
  const contacts = new Map<string, number>();
  for (const u of await records.usersByEmails(db, [...new Set(emails)])) contacts.set(u.email, u.id);
  const propertyKeys = rows
    .filter((r) => postCodeKey(r.values.post_code ?? ''))
    .map((r) => propertyKey(r.values.unit ?? '', r.values.street ?? '', r.values.post_code ?? ''));
  const schemeNames = [...new Set(rows.map((r) => plainKey(r.values.scheme ?? '')).filter(Boolean))];
  const schemes = new Map<string, number[]>();
  for (const s of await records.schemesByNameKeys(db, schemeNames)) {
    for (const key of new Set([`${s.name}|${s.town}`, `${s.name}|`]))
      schemes.set(key, [...(schemes.get(key) ?? []), s.id]);
  }
  return {
    company: await companiesByNameOrDomain(db, companyCells.filter(Boolean)),
    contacts,
    properties: await propertiesByKeys(db, [...new Set(propertyKeys)]),
    schemes,
  };
};

const notUpdated = () => new AppError(422, 'validation_error', IMPORT_MESSAGES.dealNotUpdated);

export const dealsAdapter: ImportAdapter = {
  check: async (db, rows, actor) => {
    const at = await lookups(db, rows);
    return rows.map((r) => check(r, actor, at));
  },
  existing: async (db, keys) => {
    const wanted = new Set(keys);
    const places = keys.map((k) => k.split('|')[1] ?? '');
    const ids = (prefix: string) => places.filter((p) => p.startsWith(prefix)).map((p) => Number(p.slice(1)));
    const out = new Map<string, number[]>();
    for (const d of await records.dealsAt(db, ids('p'), ids('s'))) {
      const where = d.property_id !== null ? `p${d.property_id}` : `s${d.scheme_id}`;
      const key = `deal:${d.deal_type}|${where}|${d.day}`;
      if (wanted.has(key)) out.set(key, [...(out.get(key) ?? []), d.id]);
    }
    return out;
  },
  updates: false,
  owned: async (_db, _actor, ids) => new Set(ids),
  create: async (deps, actor, payload) => {
    const b = dealCreateSchema.parse(payload);
    // Checked again as the deal is written: the importer's rights may have changed since the preview.
    assertCanRecordDeal(actor, b.deal_type);
    return recordDealIn(deps.db, actor, b, deps.now());
  },
  before: () => Promise.reject(notUpdated()),
  update: () => Promise.reject(notUpdated()),
  // The deal is voided as a user voids one: its effect undone where it still stands, the deal
  // kept in voided_deals with the import as its reason, its history rows marked with the import.
  remove: async (deps, actor, id, importId) => {
    const from = await records.lastHistoryId(deps.db);
    await voidDeal(deps, actor, id, IMPORT_MESSAGES.dealRevertReason(importId));
    await records.markDealHistory(deps.db, importId, id, from);
  },
  markHistory: records.markDealHistory,
  stamp: records.dealStamp,
};
