import {
  DEAL_PARTY_LISTS,
  DEAL_PARTY_LIST_NAMES,
  DEAL_SINGLE_PARTIES,
  type Deal,
  type DealLeftField,
  type DealSingleParty,
  type DealSummary,
  type DealType,
  type HistoryEntityType,
  type PartyCompany,
  type PartyContact,
  type SaleType,
} from '@frontage/shared';
import { isoRequired } from '../../lib/dates';
import { NO_LEASE_TERMS, presentLeaseTerms } from '../../lib/lease-terms';
import { presentPartyCompany, presentPartyContact } from '../properties/properties.presenter';
import type { LoadedVoidedDeal } from './deal-void.repository';
import type { DealChangeRow, DealPartyRow, DealRow, LoadedDeal } from './deals.repository';

const roleToList = new Map<string, string>([
  ...Object.entries(DEAL_SINGLE_PARTIES).map(([name, d]) => [d.role, name] as [string, string]),
  ...Object.entries(DEAL_PARTY_LISTS).map(([name, d]) => [d.role, name] as [string, string]),
]);

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

/** The columns of a deal row as they travel (money strings, dates yyyy-mm-dd). */
const columnsOf = (d: DealRow) => ({
  id: d.id,
  deal_type: d.deal_type as DealType,
  effective_date: d.effective_date,
  sale_type: (d.sale_type as SaleType | null) ?? null,
  sale_price: d.sale_price,
  prev_rent_pa: d.prev_rent_pa,
  rent_pa: d.rent_pa,
  rent_sqft: d.rent_sqft,
  currency: d.currency,
});

export const presentDeal = (
  l: LoadedDeal,
  parties: DealPartyRow[],
  links: string[],
  changes: DealChangeRow[],
): Deal => {
  const d = l.d;
  const singles: Record<DealSingleParty, PartyCompany | null> = {
    tenant: null,
    legal_tenant: null,
    prev_tenant: null,
    prev_legal_tenant: null,
  };
  const lists = Object.fromEntries(DEAL_PARTY_LIST_NAMES.map((n) => [n, []])) as unknown as Record<
    string,
    Array<PartyCompany | PartyContact>
  >;
  for (const r of parties) {
    const name = roleToList.get(r.role);
    if (!name) continue;
    if (r.company_id !== null && r.c_name !== null) {
      const c = presentPartyCompany({
        id: r.company_id,
        name: r.c_name,
        core_id: r.c_core_id,
        is_verified: !!r.c_is_verified,
        verified_at: r.c_verified_at,
      });
      if (name in singles) singles[name as DealSingleParty] = c;
      else lists[name]!.push(c);
    } else if (r.user_id !== null && r.u_name !== null) {
      lists[name]!.push(
        presentPartyContact({
          id: r.user_id,
          name: r.u_name,
          email: r.u_email,
          company_id: r.u_company_id,
          company_name: r.u_company_name,
        }),
      );
    }
  }
  return {
    ...columnsOf(d),
    entity_type: 'deal',
    property_id: d.property_id,
    scheme_id: d.scheme_id,
    reason: d.reason,
    prev_rent_sqft: d.prev_rent_sqft,
    rateable_value: d.rateable_value,
    service_charge: d.service_charge,
    incentive: d.incentive,
    planning: d.planning,
    lease_start_date: d.lease_start_date,
    lease_end_date: d.lease_end_date,
    next_review_date: d.next_review_date,
    break_date: d.break_date,
    rent_review_clause: d.rent_review_clause,
    break_clause: d.break_clause,
    ...presentLeaseTerms(d),
    ...singles,
    ...(lists as unknown as Pick<Deal, (typeof DEAL_PARTY_LIST_NAMES)[number]>),
    links,
    property:
      d.property_id !== null
        ? {
            id: d.property_id,
            building_num: l.p_building_num,
            full_address: l.p_full_address,
            scheme: ref(l.p_scheme_id, l.p_scheme_name),
          }
        : null,
    scheme: ref(d.scheme_id, l.s_name),
    created_by: ref(d.created_by, l.creator_name),
    created_by_company_id: l.creator_company_id,
    created_at: isoRequired(d.created_at),
    voided_at: null,
    voided_by: null,
    void_reason: null,
    void_left_fields: [],
    changes: changes.map(presentChange),
  };
};

const presentChange = (c: DealChangeRow) => ({
  entity_type: c.entity_type as HistoryEntityType,
  entity_id: c.entity_id,
  field: c.field,
  old_value: parse(c.old_text),
  new_value: parse(c.new_text),
  verified: c.verified,
});

/**
 * A voided deal (ADR 0077): the record kept when it was voided, with who, when and why, the fields
 * the void left, and every change its history still holds under its id (its void's included).
 */
export const presentVoided = (l: LoadedVoidedDeal, changes: DealChangeRow[]): Deal => ({
  // A deal voided before the lease terms existed kept a record without them: none recorded.
  ...NO_LEASE_TERMS,
  ...(l.v.record as Omit<Deal, 'changes'>),
  voided_at: isoRequired(l.v.voided_at),
  voided_by: ref(l.v.voided_by, l.voider_name),
  void_reason: l.v.void_reason,
  void_left_fields: l.v.left_fields as DealLeftField[],
  changes: changes.map(presentChange),
});

export const presentSummary = (
  r: { d: DealRow; creator_name: string | null },
  tenants: Map<string, DealSummary['tenant'] & object>,
): DealSummary => ({
  ...columnsOf(r.d),
  tenant: tenants.get(`${r.d.id}:tenant`) ?? null,
  prev_tenant: tenants.get(`${r.d.id}:prev_tenant`) ?? null,
  created_by: ref(r.d.created_by, r.creator_name),
  created_at: isoRequired(r.d.created_at),
});
