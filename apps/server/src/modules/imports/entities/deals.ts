import { IMPORT_MESSAGES, dealCreateSchema } from '@frontage/shared';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { voidDeal } from '../../deals/deal-change.service';
import { assertCanRecordDeal } from '../../deals/deals.policy';
import { recordDealIn } from '../../deals/deals.service';
import * as records from '../import-records.repository';
import { plainKey, postCodeKey, propertyKey } from '../import.values';
import { companiesByNameOrDomain } from './company-keys';
import { items, kindOf, type DealLookups } from './deals.check';
import { propertiesByKeys } from './property-keys';
import type { ImportAdapter, MappedRow } from './types';

/**
 * Deals (ADR 0099): any of the six types with spec B §3's fields. The place is a unit named by
 * unit + street + post code, or (a sale of a scheme) a scheme by name + town; the parties are
 * companies by name or web domain (lists separated by ";"), contacts by e-mail; the row is then
 * POST /api/deals' own body, validated by dealCreateSchema. A row is written through the deal
 * engine (recordDealIn), so the unit, its history and every derived table change as for a deal
 * recorded in a wizard; revert voids the deal (its effect undone where it still stands). An
 * import records deals, it never corrects one: a row matching a recorded deal (same type, place
 * and day) is created anew or skipped. A row's check is deals.check.ts.
 */

const lookups = async (db: Db, rows: MappedRow[]): Promise<DealLookups> => {
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
    companies: await companiesByNameOrDomain(db, companyCells.filter(Boolean)),
    contacts,
    properties: await propertiesByKeys(db, [...new Set(propertyKeys)]),
    schemes,
  };
};

const notUpdated = () => new AppError(422, 'validation_error', IMPORT_MESSAGES.dealNotUpdated);

export const dealsAdapter: ImportAdapter = {
  lookup: lookups,
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
