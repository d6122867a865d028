import {
  AREA_KEYS,
  PROPERTY_PARTY_LIST_NAMES,
  PROPERTY_PARTY_LISTS,
  type AreaSizeType,
  type PartyCompany,
  type PartyContact,
  type Property,
  type PropertySimple,
} from '@frontage/shared';
import { iso, isoRequired } from '../../lib/dates';
import { presentLeaseTerms } from '../../lib/lease-terms';
import { presentAddress } from '../addresses/addresses.presenter';
import type { PartyCompanyRow, PartyContactRow, PartyLists } from './parties.repository';
import type { LoadedProperty, PropertyRow } from './properties.repository';

/** Who archived a property or scheme (by name) and its owner company (its creator's, ADR 0078). */
export interface ArchiveExtras {
  archived_by_name: string | null;
  owner_company_id: number | null;
}

export const presentPartyCompany = (c: PartyCompanyRow): PartyCompany => ({
  id: c.id,
  name: c.name,
  core_id: c.core_id,
  is_verified: c.is_verified,
  verified_at: iso(c.verified_at),
});

export const presentPartyContact = (u: PartyContactRow): PartyContact => ({
  id: u.id,
  name: u.name,
  email: u.email,
  company_id: u.company_id,
  company:
    u.company_id !== null && u.company_name !== null ? { id: u.company_id, name: u.company_name } : null,
});

/** A left-joined company: all columns null when there is none. */
const joinedCompany = (
  c: { [K in keyof PartyCompanyRow]: PartyCompanyRow[K] | null } | null,
): PartyCompany | null =>
  c && c.id !== null && c.name !== null
    ? presentPartyCompany({
        id: c.id,
        name: c.name,
        core_id: c.core_id,
        is_verified: !!c.is_verified,
        verified_at: c.verified_at,
      })
    : null;

/** numeric(12,2) arrives as a string: areas travel as numbers. */
const areaNum = (v: string | null): number | null => (v === null ? null : Number(v));

const areasOf = (p: PropertyRow) =>
  Object.fromEntries(AREA_KEYS.map((k) => [k, areaNum(p[k])])) as Record<
    (typeof AREA_KEYS)[number],
    number | null
  >;

export interface PropertyExtras {
  /** Which relations to add; 'all' for the single read. */
  include: Set<string> | 'all';
  parties?: PartyLists | undefined;
  history?: { count: number; columns: string[] } | undefined;
  /** The single read's: who archived it by name, its owner company (ADR 0078). */
  archive?: ArchiveExtras | undefined;
}

/**
 * A property's or a scheme's archive state (ADR 0078): when and why always; who (with a name) and
 * the owner company when the read loaded them (the single read).
 */
export const presentArchive = (
  r: { archived_at: Date | null; archived_by: number | null; archive_reason: string | null },
  x: ArchiveExtras | undefined,
) => ({
  archived_at: iso(r.archived_at),
  archive_reason: r.archive_reason,
  ...(x
    ? {
        archived_by: r.archived_by === null ? null : { id: r.archived_by, name: x.archived_by_name ?? '' },
        owner_company_id: x.owner_company_id,
      }
    : {}),
});

/** Adds the party lists named by `wants` from `lists` to `out`. */
export const addPartyLists = (
  out: Record<string, unknown>,
  lists: PartyLists | undefined,
  names: readonly string[],
  wants: (name: string) => boolean,
): void => {
  for (const name of names) {
    if (!wants(name)) continue;
    const list = name as keyof typeof PROPERTY_PARTY_LISTS;
    out[name] =
      PROPERTY_PARTY_LISTS[list].kind === 'company'
        ? (lists?.companies.get(list) ?? []).map(presentPartyCompany)
        : (lists?.contacts.get(list) ?? []).map(presentPartyContact);
  }
};

export const presentProperty = (l: LoadedProperty, x: PropertyExtras): Property => {
  const p = l.p;
  const wants = (name: string) => x.include === 'all' || x.include.has(name);
  const out: Property = {
    id: p.id,
    entity_type: 'property',
    building_num: p.building_num,
    planning: p.planning,
    reason: p.reason,
    address_id: p.address_id,
    scheme_id: p.scheme_id,
    tenant_id: p.tenant_id,
    legal_tenant_id: p.legal_tenant_id,
    currency: p.currency,
    rent_pa: p.rent_pa,
    rent_sqft: p.rent_sqft,
    rateable_value: p.rateable_value,
    service_charge: p.service_charge,
    incentive: p.incentive,
    lease_start_date: p.lease_start_date,
    lease_end_date: p.lease_end_date,
    next_review_date: p.next_review_date,
    rent_review_clause: p.rent_review_clause,
    break_date: p.break_date,
    break_clause: p.break_clause,
    ...presentLeaseTerms(p),
    area_size_type: p.area_size_type as AreaSizeType,
    ...areasOf(p),
    created_at: isoRequired(p.created_at),
    updated_at: isoRequired(p.updated_at),
    // Joined anyway: lists always carry them (a superset of the include is harmless).
    address: presentAddress(l.a),
    scheme: l.s ? { id: l.s.id, name: l.s.name, type: l.s.type } : null,
    tenant: joinedCompany(l.t),
    legal_tenant: joinedCompany(l.lt),
    ...presentArchive(p, x.archive),
  };
  addPartyLists(out, x.parties, PROPERTY_PARTY_LIST_NAMES, wants);
  if (wants('files')) out.files = [];
  if (wants('unverified_history_count')) out.unverified_history_count = x.history?.count ?? 0;
  if (wants('unverified_history_columns')) out.unverified_history_columns = x.history?.columns ?? [];
  // Placeholders the spec's prefill asks for; their features are not part of this product yet.
  if (wants('import_property')) out.import_property = null;
  if (wants('is_subscription_exists')) out.is_subscription_exists = false;
  return out;
};

export const presentSimple = (r: {
  id: number;
  building_num: string | null;
  scheme_id: number | null;
  scheme_name: string | null;
  tenant_id: number | null;
  tenant_name: string | null;
  tenant_is_verified: boolean | null;
  /** ISO, rendered by the statement. */
  tenant_verified_at: string | null;
  full_address: string | null;
}): PropertySimple => ({
  id: r.id,
  building_num: r.building_num,
  scheme_id: r.scheme_id,
  scheme: r.scheme_id !== null && r.scheme_name !== null ? { id: r.scheme_id, name: r.scheme_name } : null,
  tenant: verifiableTenantOf(r.tenant_id, r.tenant_name, r.tenant_is_verified, r.tenant_verified_at),
  address: { full_address: r.full_address ?? '' },
});

/** A unit's tenant from a row's joined columns, with what its retailer indicator needs; null when vacant. */
export const verifiableTenantOf = (
  id: number | null,
  name: string | null,
  isVerified: boolean | null,
  verifiedAt: string | null,
) =>
  id !== null && name !== null
    ? { id, name, is_verified: isVerified ?? false, verified_at: verifiedAt }
    : null;
