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
import { canRecordDeal } from '../../deals/deals.policy';
import { parseDate, parseNumber, plainKey, propertyKey } from '../import.values';
import { choiceOf, leaseTermOf, LEASE_TERM_FIELDS } from './choices';
import { companyIdsOf, type CompanyLookup } from './company-match';
import { issuesOf, textErrors } from './row-errors';
import type { CheckedRow, MappedRow, RowError } from './types';

/**
 * A row of a deals file as POST /api/deals' body (deals.ts says what it is), checked on a worker
 * thread (ADR 0115): pure, with the places, companies and contacts the batch names read
 * beforehand.
 */

const FIELDS = IMPORT_FIELDS.deals;
export const kindOf = new Map<string, string>(FIELDS.map((f) => [f.key, f.kind]));
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
export const items = (text: string): string[] =>
  text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** What the batch's rows name: companies, contacts by e-mail, units by key, schemes by name|town. */
export interface DealLookups {
  companies: CompanyLookup;
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
  at: DealLookups,
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
const valueOf = (key: string, text: string, at: DealLookups): { value: unknown } | { error: RowError } => {
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
      const found = companyIdsOf(at.companies, name);
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

export const checkDealRow = (row: MappedRow, actor: Actor, at: DealLookups): CheckedRow => {
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
