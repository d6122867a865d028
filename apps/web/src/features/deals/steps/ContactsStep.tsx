import { FormSection, Wide } from '../../../components/FormSection';
import { CompanyField, CompanyList, ContactList } from '../../../entities/properties/sections';

/** The tenant pickers' hints per wizard (spec B §2 quotes them). */
export interface TenantHints {
  tenant?: string;
  legal?: string;
  legalLabel?: string;
}

/**
 * The landlord side: landlords and their contacts, landlord agents and theirs; `prefix` 'prev_'
 * for the landlords before a sale (the Vendor).
 */
export function LandlordPickers({ prefix = '' }: { prefix?: '' | 'prev_' }) {
  return (
    <>
      <CompanyList name={`${prefix}landlords`} label="Landlords" />
      <ContactList
        name={`${prefix}landlord_contacts`}
        label="Landlord Contacts"
        pairedWith={`${prefix}landlords`}
      />
      <CompanyList name={`${prefix}landlord_agents`} label="Landlord Agents" />
      <ContactList
        name={`${prefix}landlord_agent_contacts`}
        label="Landlord Agent Contacts"
        pairedWith={`${prefix}landlord_agents`}
      />
    </>
  );
}

/** A tenant side's agents and their contacts: `prefix` 'prev_' for the previous tenant. */
export function TenantAgentPickers({ prefix = '' }: { prefix?: '' | 'prev_' }) {
  return (
    <>
      <CompanyList name={`${prefix}tenant_agents`} label="Tenant Agents" />
      <ContactList
        name={`${prefix}tenant_agent_contacts`}
        label="Tenant Agent Contacts"
        pairedWith={`${prefix}tenant_agents`}
      />
    </>
  );
}

/** A tenant side: `prefix` '' for the current (new) tenant, 'prev_' for the previous one. */
export function TenantPickers({ prefix = '', hints = {} }: { prefix?: '' | 'prev_'; hints?: TenantHints }) {
  return (
    <>
      <CompanyField name={`${prefix}tenant`} label="Tenant" hint={hints.tenant} />
      <CompanyField
        name={`${prefix}legal_tenant`}
        label={hints.legalLabel ?? 'Tenant (Legal)'}
        hint={hints.legal}
      />
      <TenantAgentPickers prefix={prefix} />
      <Wide>
        <ContactList name={`${prefix}tenant_contacts`} label="Tenant Contacts" />
      </Wide>
    </>
  );
}

/** Contact information (rent review, renewal): the landlord side, then the tenant side. */
export function ContactsStep({ hints }: { hints?: TenantHints }) {
  return (
    <>
      <FormSection title="Landlord">
        <LandlordPickers />
      </FormSection>
      <FormSection title="Tenant">
        <TenantPickers hints={hints} />
      </FormSection>
    </>
  );
}
export const LANDLORD_FIELDS = [
  'landlords',
  'landlord_contacts',
  'landlord_agents',
  'landlord_agent_contacts',
];
export const TENANT_FIELDS = [
  'tenant',
  'legal_tenant',
  'tenant_agents',
  'tenant_agent_contacts',
  'tenant_contacts',
];
export const PREV_TENANT_FIELDS = TENANT_FIELDS.map((f) => `prev_${f}`);
