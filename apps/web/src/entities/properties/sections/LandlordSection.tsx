import { FormSection } from '../../../components/FormSection';
import type { SectionProps } from './Bound';
import { CompanyList, ContactList } from './PartyPickers';

/** Landlord Contacts: editable for a standalone unit, read-only (the scheme's) inside a scheme. */
export function LandlordSection(p: SectionProps & { readOnly?: boolean }) {
  return (
    <FormSection title="Landlord Contacts">
      <CompanyList {...p} name="landlords" label="Landlords" />
      <ContactList {...p} name="landlord_contacts" label="Landlord Contacts" pairedWith="landlords" />
      <CompanyList {...p} name="landlord_agents" label="Landlord Agents" />
      <ContactList
        {...p}
        name="landlord_agent_contacts"
        label="Landlord Agent Contacts"
        pairedWith="landlord_agents"
      />
    </FormSection>
  );
}
