import type { ImportField, ImportFieldKind } from './import.schema';

/**
 * The columns an import of deals may carry (spec B §3's payload fields, by their payload names
 * where a column holds one value), and the lease terms a properties or deals file
 * carries under the API's names. A company column names a company by name or web domain; a list
 * column (`…s`) holds several, separated by ";" or a new line; a contact column holds e-mail
 * addresses. Aliases are headers people write (compared lower case, letters and digits only).
 */

const f = (
  key: string,
  label: string,
  kind: ImportFieldKind,
  aliases: readonly string[] = [],
): ImportField => ({
  key,
  label,
  kind,
  aliases,
});

/** The seven lease terms: codes or their labels ("Inside the 1954 Act", "Mutual", "6 months"). */
export const LEASE_TERM_IMPORT_FIELDS = [
  f('security_of_tenure', 'Security of Tenure', 'choice', [
    '1954 Act',
    'L&T Act 1954',
    'LTA 1954',
    'Security of tenure',
    'Inside the Act',
    'Act',
  ]),
  f('break_party', 'Break Exercisable By', 'choice', [
    'Break party',
    'Break option',
    'Break by',
    'Break exercisable by',
  ]),
  f('break_kind', 'Break Type', 'choice', ['Break type', 'Break kind', 'Rolling break']),
  f('break_notice_months', 'Break Notice (months)', 'number', [
    'Break notice',
    'Break notice months',
    'Notice period',
    'Break notice period',
  ]),
  f('review_interval_years', 'Review Every (years)', 'number', [
    'Review interval',
    'Review pattern',
    'Review every',
    'Reviews every',
    'Review frequency',
  ]),
  f('review_basis', 'Review Basis', 'choice', ['Review basis', 'Review type', 'Rent review basis']),
  f('lease_notes', 'Lease Notes', 'text', ['Lease notes', 'Lease comments', 'Notes']),
] as const;

/** How a deals file names the place: a unit by unit + street + post code, or a scheme by name + town. */
const DEAL_PLACE_FIELDS = [
  f('unit', 'Unit', 'text', ['Unit', 'Unit No', 'Unit number', 'Building number', 'Shop', 'building_num']),
  f('street', 'Street', 'text', ['Street', 'Address', 'Address 1', 'Address line 1', 'Street address']),
  f('city', 'Town', 'text', ['Town', 'City', 'Town/City', 'Post town']),
  f('post_code', 'Post code', 'text', ['Postcode', 'Post code', 'Postal code', 'Zip']),
  f('scheme', 'Scheme', 'text', ['Scheme', 'Scheme name', 'Shopping centre', 'Centre']),
] as const;

/** The deal's parties: one company, a list of companies, or a list of contacts by e-mail. */
const DEAL_PARTY_FIELDS = [
  f('tenant', 'Tenant', 'company', [
    'Tenant',
    'Occupier',
    'Retailer',
    'Incoming tenant',
    'New tenant',
    'tenant_id',
  ]),
  f('legal_tenant', 'Tenant (Legal)', 'company', [
    'Legal tenant',
    'Tenant legal',
    'Lessee',
    'legal_tenant_id',
  ]),
  f('tenant_agents', 'Tenant Agents', 'companies', ['Tenant agent', "Tenant's agent", 'Acquiring agent']),
  f('tenant_agent_contacts', 'Tenant Agent Contacts', 'contacts', ['Tenant agent contact']),
  f('tenant_contacts', 'Tenant Contacts', 'contacts', ['Tenant contact']),
  f('landlords', 'Landlords', 'companies', ['Landlord', 'Owner', 'Freeholder', 'Buyer', 'Purchaser']),
  f('landlord_contacts', 'Landlord Contacts', 'contacts', ['Landlord contact']),
  f('landlord_agents', 'Landlord Agents', 'companies', [
    "Landlord's agent",
    'Landlord agent',
    'Letting agent',
    'Disposing agent',
  ]),
  f('landlord_agent_contacts', 'Landlord Agent Contacts', 'contacts', ['Landlord agent contact']),
  f('prev_tenant', 'Previous Tenant', 'company', [
    'Previous tenant',
    'Outgoing tenant',
    'Former tenant',
    'prev_tenant_id',
  ]),
  f('prev_legal_tenant', 'Previous Tenant (Legal)', 'company', [
    'Previous legal tenant',
    'prev_legal_tenant_id',
  ]),
  f('prev_tenant_agents', 'Previous Tenant Agents', 'companies', ['Previous tenant agent']),
  f('prev_tenant_agent_contacts', 'Previous Tenant Agent Contacts', 'contacts', [
    'Previous tenant agent contact',
  ]),
  f('prev_tenant_contacts', 'Previous Tenant Contacts', 'contacts', ['Previous tenant contact']),
  f('prev_landlords', 'Previous Landlords', 'companies', ['Previous landlord', 'Vendor', 'Seller']),
  f('prev_landlord_contacts', 'Previous Landlord Contacts', 'contacts', [
    'Previous landlord contact',
    'Vendor contact',
  ]),
  f('prev_landlord_agents', 'Previous Landlord Agents', 'companies', [
    'Previous landlord agent',
    "Vendor's agent",
    'Vendor agent',
  ]),
  f('prev_landlord_agent_contacts', 'Previous Landlord Agent Contacts', 'contacts', ['Vendor agent contact']),
] as const;

export const DEAL_IMPORT_FIELDS = [
  f('deal_type', 'Deal type', 'choice', ['Deal type', 'Type', 'Deal', 'Transaction', 'Transaction type']),
  f('effective_date', 'Effective date', 'date', [
    'Effective date',
    'Date',
    'Deal date',
    'Completion date',
    'Completion',
  ]),
  ...DEAL_PLACE_FIELDS,
  f('reason', 'Reason', 'choice', ['Reason', 'Reason for move']),
  ...DEAL_PARTY_FIELDS,
  f('lease_start_date', 'Lease start', 'date', ['Lease start', 'Lease start date', 'Start date']),
  f('lease_end_date', 'Lease expiry', 'date', ['Lease end', 'Lease expiry', 'Expiry', 'Lease end date']),
  f('next_review_date', 'Next review', 'date', [
    'Next review',
    'Rent review',
    'Review date',
    'Next review date',
  ]),
  f('break_date', 'Break', 'date', ['Break', 'Break date']),
  f('rent_review_clause', 'Rent Review Clause', 'text', ['Rent review clause', 'Review clause']),
  f('break_clause', 'Break Clause', 'text', ['Break clause']),
  ...LEASE_TERM_IMPORT_FIELDS,
  f('rent_pa', 'Rent PA', 'money', [
    'Rent PA',
    'Rent p.a.',
    'Passing rent',
    'Rent',
    'Annual rent',
    'New rent',
  ]),
  f('rent_sqft', 'Rent per sq ft', 'money', ['Rent per sq ft', 'Rent psf', 'Rent sqft', '£ psf']),
  f('prev_rent_pa', 'Previous Rent PA', 'money', [
    'Previous rent',
    'Old rent',
    'Prev rent',
    'Passing rent before',
  ]),
  f('prev_rent_sqft', 'Previous Rent per sq ft', 'money', ['Previous rent psf', 'Old rent psf']),
  f('rateable_value', 'Rateable value', 'money', ['Rateable value', 'RV']),
  f('service_charge', 'Service charge', 'money', ['Service charge', 'S/C']),
  f('incentive', 'Incentive', 'text', ['Incentive', 'Rent free', 'Incentives']),
  f('currency', 'Currency', 'text', ['Currency']),
  f('planning', 'Planning', 'text', ['Planning', 'Use class', 'Planning use']),
  f('sale_type', 'Sale type', 'choice', ['Sale type', 'Type of sale']),
  f('sale_price', 'Price paid', 'money', [
    'Price paid',
    'Sale price',
    'Price',
    'Consideration',
    'price_paid',
  ]),
  f('links', 'Links', 'text', ['Links', 'Link', 'URL', 'Web links', 'Source']),
] as const;
