import { defaultCurrency, formatDate, type Deal, type Property, type Scheme } from '@frontage/shared';
import type { ContactRef } from '../../../entities/contacts/api';
import { leaseTermsFrom } from '../../../entities/properties/leaseTerms';
import { fillFromProperty, fillFromScheme, type DealFormValues } from './dealForm';

/*
 * Correcting a deal (ADR 0077): the deal's wizard opens on the deal's recorded values.
 * The place's own fields a deal does not record (address, unit, areas; a scheme's name and type)
 * start from the place as it stands, as a new deal's do; everything the deal recorded — its date,
 * type, price, both tenant sides, rent, lease, landlord lists, links — from the deal.
 */

const contacts = (list: Deal['tenant_contacts']) => list as ContactRef[];

/** The deal's own values over the place's prefill. */
const fromDeal = (d: Deal): Partial<DealFormValues> => ({
  effective_date: formatDate(d.effective_date),
  reason: d.reason ?? '',
  ...(d.currency ? { currency: d.currency } : {}),
  ...(d.planning !== null ? { planning: d.planning } : {}),
  incentive: d.incentive ?? '',
  rent_review_clause: d.rent_review_clause ?? '',
  break_clause: d.break_clause ?? '',
  links: d.links,
  sale_type: d.sale_type ?? '',
  price_paid: d.sale_price,
  lease_start_date: formatDate(d.lease_start_date),
  lease_end_date: formatDate(d.lease_end_date),
  next_review_date: formatDate(d.next_review_date),
  break_date: formatDate(d.break_date),
  ...leaseTermsFrom(d),
  prev_rent_pa: d.prev_rent_pa,
  prev_rent_sqft: d.prev_rent_sqft,
  rent_pa: d.rent_pa,
  rent_sqft: d.rent_sqft,
  rateable_value: d.rateable_value,
  service_charge: d.service_charge,
  tenant: d.tenant,
  legal_tenant: d.legal_tenant,
  prev_tenant: d.prev_tenant,
  prev_legal_tenant: d.prev_legal_tenant,
  landlords: d.landlords,
  landlord_agents: d.landlord_agents,
  landlord_contacts: contacts(d.landlord_contacts),
  landlord_agent_contacts: contacts(d.landlord_agent_contacts),
  tenant_agents: d.tenant_agents,
  tenant_agent_contacts: contacts(d.tenant_agent_contacts),
  tenant_contacts: contacts(d.tenant_contacts),
  prev_tenant_agents: d.prev_tenant_agents,
  prev_tenant_agent_contacts: contacts(d.prev_tenant_agent_contacts),
  prev_tenant_contacts: contacts(d.prev_tenant_contacts),
  prev_landlords: d.prev_landlords,
  prev_landlord_agents: d.prev_landlord_agents,
  prev_landlord_contacts: contacts(d.prev_landlord_contacts),
  prev_landlord_agent_contacts: contacts(d.prev_landlord_agent_contacts),
});

/** The edit wizard's form on a property: the property's address and areas, the deal's values. */
export const fillFromDealOnProperty = (
  d: Deal,
  p: Property,
  userCurrency?: string | null,
): DealFormValues => ({
  ...fillFromProperty(d.deal_type, p, userCurrency),
  ...fromDeal(d),
  currency: defaultCurrency(d.currency ?? p.currency, userCurrency),
});

/** The edit wizard's form of a scheme sale: the scheme's own fields, the deal's values. */
export const fillFromDealOnScheme = (d: Deal, s: Scheme, userCurrency?: string | null): DealFormValues => ({
  ...fillFromScheme(s, userCurrency),
  ...fromDeal(d),
  currency: defaultCurrency(d.currency, userCurrency),
});
