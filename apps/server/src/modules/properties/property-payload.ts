/**
 * From a property payload to what is written: its columns, its areas, its party lists, and the
 * check that every id it names exists. Shared by create, update and (later) the deal engine.
 */
import {
  AREA_KEYS,
  DEAL_PARTY_LISTS,
  PROPERTY_MESSAGES,
  PROPERTY_PARTY_LIST_NAMES,
  type DealPartyList,
  type LeaseTermKey,
  type PropertyPartyList,
  type propertyCreateSchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import * as parties from './parties.repository';
import * as repo from './properties.repository';
import type { NewProperty } from './properties.repository';

type CreateBody = z.output<typeof propertyCreateSchema>;
export type Lists = Partial<Record<PropertyPartyList, number[] | undefined>>;

export const dedupe = (ids: number[]): number[] => [...new Set(ids)];

/**
 * Every id a payload names must exist: a missing one is a 422 on that field (`landlords.0`,
 * `company_id` …), checked inside the write's transaction so nothing is half-written.
 */
export const checkReferences = async (
  db: Db,
  refs: {
    companies: Record<string, number | null | undefined>;
    schemeId?: number | null | undefined;
    /** A property's lists, or a deal's (the prev_ lists too). */
    lists: Partial<Record<DealPartyList, number[] | undefined>>;
  },
): Promise<void> => {
  const errors: Record<string, string[]> = {};
  const single = Object.entries(refs.companies).filter(([, v]) => typeof v === 'number') as Array<
    [string, number]
  >;
  const listEntries = Object.entries(refs.lists).filter(([, v]) => v?.length) as Array<
    [DealPartyList, number[]]
  >;
  const companyIds = [
    ...single.map(([, v]) => v),
    ...listEntries.filter(([n]) => DEAL_PARTY_LISTS[n].kind === 'company').flatMap(([, v]) => v),
  ];
  const userIds = listEntries.filter(([n]) => DEAL_PARTY_LISTS[n].kind === 'user').flatMap(([, v]) => v);
  // One after another: this runs inside the write's transaction, one connection (pg 9 refuses
  // a query sent while another is running on the same client).
  const missingCompanies = await parties.missingIds(db, 'company', companyIds);
  const missingUsers = await parties.missingIds(db, 'user', userIds);
  const schemeOk = typeof refs.schemeId === 'number' ? await repo.schemeExists(db, refs.schemeId) : true;
  for (const [field, id] of single)
    if (missingCompanies.has(id)) errors[field] = [PROPERTY_MESSAGES.companyMissing];
  for (const [name, ids] of listEntries) {
    const missing = DEAL_PARTY_LISTS[name].kind === 'company' ? missingCompanies : missingUsers;
    ids.forEach((id, i) => {
      if (missing.has(id)) {
        errors[`${name}.${i}`] = [
          DEAL_PARTY_LISTS[name].kind === 'company'
            ? PROPERTY_MESSAGES.companyMissing
            : PROPERTY_MESSAGES.contactMissing,
        ];
      }
    });
  }
  if (!schemeOk) errors.scheme_id = [PROPERTY_MESSAGES.schemeMissing];
  if (Object.keys(errors).length) throw new ValidationError(errors);
};

/** The tenant of a payload: `company_id` (the spec's name) or `tenant_id`; the key used reports errors. */
export const tenantOf = (b: {
  company_id?: number | null | undefined;
  tenant_id?: number | null | undefined;
}) =>
  b.company_id !== undefined
    ? { field: 'company_id', value: b.company_id }
    : { field: 'tenant_id', value: b.tenant_id };

export type FieldBody = Pick<
  CreateBody,
  | 'building_num'
  | 'planning'
  | 'reason'
  | 'legal_tenant_id'
  | 'currency'
  | 'rent_pa'
  | 'rent_sqft'
  | 'rateable_value'
  | 'service_charge'
  | 'incentive'
  | 'lease_start_date'
  | 'lease_end_date'
  | 'next_review_date'
  | 'rent_review_clause'
  | 'break_date'
  | 'break_clause'
  | LeaseTermKey
  | 'company_id'
  | 'tenant_id'
>;

/** The property columns a payload sets (undefined = not sent = unchanged). */
export const columnValues = (b: FieldBody): Partial<NewProperty> => ({
  building_num: b.building_num,
  planning: b.planning,
  reason: b.reason,
  tenant_id: tenantOf(b).value,
  legal_tenant_id: b.legal_tenant_id,
  currency: b.currency,
  rent_pa: b.rent_pa,
  rent_sqft: b.rent_sqft,
  rateable_value: b.rateable_value,
  service_charge: b.service_charge,
  incentive: b.incentive,
  lease_start_date: b.lease_start_date,
  lease_end_date: b.lease_end_date,
  next_review_date: b.next_review_date,
  rent_review_clause: b.rent_review_clause,
  break_date: b.break_date,
  break_clause: b.break_clause,
  security_of_tenure: b.security_of_tenure,
  break_party: b.break_party,
  break_kind: b.break_kind,
  break_notice_months: b.break_notice_months,
  review_interval_years: b.review_interval_years,
  review_basis: b.review_basis,
  lease_notes: b.lease_notes,
});

export const areaValues = (
  b: Partial<Record<(typeof AREA_KEYS)[number], number | null | undefined>>,
  absentIsNull: boolean,
) =>
  Object.fromEntries(
    AREA_KEYS.map((k) => {
      const v = b[k];
      return [k, v === undefined ? (absentIsNull ? null : undefined) : v === null ? null : v.toFixed(2)];
    }),
  ) as Partial<NewProperty>;

export const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export const listsOf = (b: Lists): Lists =>
  Object.fromEntries(PROPERTY_PARTY_LIST_NAMES.map((n) => [n, b[n] ? dedupe(b[n]) : undefined]));
