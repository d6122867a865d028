import { LEASE_TERM_KEYS, SALE_TYPES_WITH_TENANCY, SCHEME_MESSAGES } from '@frontage/shared';
import type { DealFormValues, PlaceKind } from './dealForm';

/* Spec B §4's before-submit rules and §5's sale checks that are not the payload schema's (ADR 0048). */

/**
 * Spec B §4, before a sub-letting's submit: each new tenant field left empty is the previous
 * one's — the trading tenant, the legal tenant, the agents, the agent contacts, the contacts,
 * each on its own (ADR 0048).
 */
export const copyTenantSide = (v: DealFormValues): DealFormValues => ({
  ...v,
  tenant: v.tenant ?? v.prev_tenant,
  legal_tenant: v.legal_tenant ?? v.prev_legal_tenant,
  tenant_agents: v.tenant_agents.length ? v.tenant_agents : v.prev_tenant_agents,
  tenant_agent_contacts: v.tenant_agent_contacts.length
    ? v.tenant_agent_contacts
    : v.prev_tenant_agent_contacts,
  tenant_contacts: v.tenant_contacts.length ? v.tenant_contacts : v.prev_tenant_contacts,
});

/** Whether a sale carries the tenancy: a property sold as an investment or a sale & lease back. */
export const saleWithTenancy = (kind: PlaceKind, saleType: string): boolean =>
  kind === 'property' && (SALE_TYPES_WITH_TENANCY as readonly string[]).includes(saleType);

/** The tenant, lease and rent fields a sale sends only with the tenancy (spec B §3, §4). */
export const SALE_TENANCY_KEYS = [
  'tenant_id',
  'legal_tenant_id',
  'tenant_agents',
  'tenant_agent_contacts',
  'tenant_contacts',
  'lease_start_date',
  'lease_end_date',
  'rent_review_clause',
  'next_review_date',
  'break_clause',
  'break_date',
  ...LEASE_TERM_KEYS,
  'rent_pa',
  'rent_sqft',
  'rateable_value',
  'service_charge',
  'incentive',
] as const;

/**
 * Spec B §5 for a scheme sale: Scheme Name and Type are required (Opened and Car Spaces are
 * checked by the scheme update's schema).
 */
export const schemeSaleErrors = (v: DealFormValues): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!v.scheme.name.trim()) out['scheme.name'] = SCHEME_MESSAGES.nameRequired;
  if (!v.scheme.type) out['scheme.type'] = SCHEME_MESSAGES.typeRequired;
  return out;
};
