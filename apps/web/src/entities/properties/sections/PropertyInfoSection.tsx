import { FormSection, Wide } from '../../../components/FormSection';
import type { SectionProps } from './Bound';
import { CompanyField, CompanyList, ContactList } from './PartyPickers';

/** Property Info: the tenant side, each picker with its "+" to create a company or contact in place. */
export function PropertyInfoSection(p: SectionProps) {
  return (
    <FormSection title="Property Info">
      <CompanyField {...p} name="tenant" label="Tenant" />
      <CompanyField {...p} name="legal_tenant" label="Tenant (Legal)" />
      <CompanyList {...p} name="tenant_agents" label="Tenant Agents" />
      <ContactList
        {...p}
        name="tenant_agent_contacts"
        label="Tenant Agent Contacts"
        pairedWith="tenant_agents"
      />
      <Wide>
        <ContactList {...p} name="tenant_contacts" label="Tenant Contacts" />
      </Wide>
    </FormSection>
  );
}
